export class Board {
  constructor(root) { this.root = root; }
  render(cards) {
    this.root.textContent = cards.map((c) => c.title).join('\n');
  }
  move(card, column) {
    return fetch(`/cards/${card.id}`, { method: 'PATCH', body: JSON.stringify({ column }) });
  }
}
