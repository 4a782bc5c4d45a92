// The live domain: the tab's event stream turned into tag invalidations, and its status in the header.
export { LiveIndicator, LIVE_PAUSED } from './LiveIndicator';
export { configureLiveUpdates, stopLiveUpdates } from './useLiveUpdates';
export { startLiveListener, type LiveStatus } from './liveListener';
export type { LiveTagMap } from './liveTags';
