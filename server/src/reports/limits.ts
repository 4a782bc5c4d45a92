/**
 * What one report lists at most: the latest entries of each table, so a job with a long story still prints on a
 * few pages (and renders in a few tens of milliseconds). The report says how many earlier ones it left out; the
 * total time counts every log.
 */
export const REPORT_LIMITS = {
  historyEntries: 25,
  timeLogs: 20,
  /** A log's description is cut here (with "…"); the app shows it whole. */
  descriptionLength: 200,
} as const;
