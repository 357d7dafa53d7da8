/** Stands in for happy-dom in the browser bundle: the stand-in's popout windows are not used there. */
export class Window {
	constructor() {
		throw new Error('no popout windows in the benchmark page');
	}
}
