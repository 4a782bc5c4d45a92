import { memo, useCallback, useId, useState } from 'react';
import { Inbox } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { FilteredList } from '@/components/FilteredList';
import { selectEmployeeServices } from '@/features/services/servicesSlice';
import type { EmployeeServiceJob } from '@/features/services/types';
import { type ServiceFilter, selectServiceIdsByFilter } from './employeeSelectors';
import { SERVICE_FILTERS } from './serviceStatus';
import ServiceRow from './ServiceRow';
import panel from './DashboardPanel.module.css';

export interface AssignedServicesListProps {
  onUpdateStatus: (id: string) => void;
  onLogTime: (id: string) => void;
}

const EMPTY_MESSAGES: Record<ServiceFilter, string> = {
  all: 'No services are assigned to you yet.',
  in_progress: 'No services in progress.',
  not_started: 'No services waiting to be started.',
  completed: 'No completed services.',
};

const jobKey = (job: EmployeeServiceJob) => job.id;

function emptyMessage(filter: ServiceFilter) {
  return (
    <>
      <Inbox aria-hidden="true" />
      {EMPTY_MESSAGES[filter]}
    </>
  );
}

/**
 * Spec §2 "Assigned Services" with the filter ALL / IN PROGRESS / NOT STARTED / COMPLETED, scrolling at about
 * 600 px (§9). The shared FilteredList keeps every row mounted and a filter switch only hides rows, so
 * filtering 1,000 jobs costs one cheap pass.
 */
function AssignedServicesList({ onUpdateStatus, onLogTime }: AssignedServicesListProps) {
  const headingId = useId();
  const [filter, setFilter] = useState<ServiceFilter>('all');
  const jobs = useAppSelector(selectEmployeeServices);
  const idsByFilter = useAppSelector(selectServiceIdsByFilter);
  const renderJob = useCallback(
    (job: EmployeeServiceJob) => <ServiceRow job={job} onUpdateStatus={onUpdateStatus} onLogTime={onLogTime} />,
    [onUpdateStatus, onLogTime],
  );

  return (
    <section aria-labelledby={headingId} className={panel.panel}>
      <FilteredList
        variant="divided"
        heading={
          <h2 id={headingId} className={panel.heading}>
            Assigned Services
          </h2>
        }
        items={jobs}
        getKey={jobKey}
        renderItem={renderJob}
        filters={SERVICE_FILTERS}
        filter={filter}
        onFilterChange={setFilter}
        keysByFilter={idsByFilter}
        emptyMessage={emptyMessage}
        listLabel="Assigned services list"
        filterGroupLabel="Filter assigned services"
      />
    </section>
  );
}

export default memo(AssignedServicesList);
