// How much of a terminal a program's output takes, as `npm start`'s tests read it.
import { stripVTControlCharacters } from 'node:util';

/** Display rows of `text` on a terminal `columns` wide: a line longer than the width wraps. */
export const displayRows = (text: string, columns = 80): number =>
  stripVTControlCharacters(text)
    .replace(/\n$/, '')
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / columns)), 0);
