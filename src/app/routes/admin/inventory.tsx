import { InventoryPage } from '@/features/inventory';
import { formatShortDate, jobsApi, vehicleLabel } from '@/features/jobs';

/**
 * The job a stock movement was for (parts used or returned), by its vehicle and day: "Toyota Corolla CAB-4821 ·
 * Jan 15, 2099". "Job" while it loads or when it cannot be read.
 */
function JobName({ jobId }: { jobId: string }) {
  const { data: job } = jobsApi.endpoints.getJob.useQuery(jobId);
  return <>{job ? `${vehicleLabel(job.vehicle)} · ${formatShortDate(job.date)}` : 'Job'}</>;
}

/** /admin/inventory: the parts and their stock per centre; the history names each job a movement was for. */
export function Component() {
  return <InventoryPage renderJob={(jobId) => <JobName jobId={jobId} />} />;
}
