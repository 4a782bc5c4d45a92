// The reports domain: a job's PDF service report and the customer's service history.
export { DownloadReportButton } from './DownloadReportButton';
export { ServiceHistory } from './ServiceHistory';
