import test from 'node:test';
import assert from 'node:assert';
import { Board } from '../src/board.js';

test('renders titles', () => {
  const root = { textContent: '' };
  new Board(root).render([{ title: 'a' }]);
  assert.equal(root.textContent, 'a');
});
