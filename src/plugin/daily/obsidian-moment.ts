// Lets core code `import moment from 'moment'` and get the copy Obsidian already ships (and its
// locale), instead of bundling a second moment into main.js. Wired by esbuild's `alias`.
import { moment } from 'obsidian';

export default moment;
