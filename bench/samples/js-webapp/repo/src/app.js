import { Board } from './board.js';
import { load } from './storage.js';

const board = new Board(document.getElementById('board'));
load().then((cards) => board.render(cards));
