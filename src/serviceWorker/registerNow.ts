// Loaded by ./start.ts when the page is idle.
import { registerServiceWorker } from './register';

registerServiceWorker();
