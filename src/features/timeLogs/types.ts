/** Spec §3 "Time log". */
export interface TimeLog {
  id: string;
  serviceId: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  startTime: string;
  /** HH:MM */
  endTime: string;
  /** e.g. "2h 30m" */
  duration: string;
  description: string;
}
