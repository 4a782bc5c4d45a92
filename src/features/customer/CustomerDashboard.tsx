import { useCallback, useState } from 'react';
import { CalendarPlus, ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { buttonClassName } from '@/components/Button';
import { Card } from '@/components/Card';
import { FilteredList } from '@/components/FilteredList';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { selectCustomerServices } from '@/features/services/servicesSlice';
import type { CustomerServiceJob } from '@/features/services/types';
import { selectCustomerServiceById, selectCustomerServiceIdsByFilter } from './customerSelectors';
import { ServiceDetails } from './ServiceDetails';
import { ServiceRow } from './ServiceRow';
import { SERVICE_FILTERS, type ServiceFilter } from './serviceFilters';
import styles from './CustomerDashboard.module.css';

const serviceKey = (service: CustomerServiceJob) => service.id;

function countLine(shown: number, total: number) {
  return (
    <p className={styles.count} role="status">
      Showing {shown} of {total} {total === 1 ? 'service' : 'services'}
    </p>
  );
}

/**
 * The customer's dashboard (spec §2 "Customer dashboard"), rendered by DashboardRouter at /dashboard inside
 * DashboardLayout's <main>: welcome, Book Appointment, My Services with filters, and the detail panel.
 */
export default function CustomerDashboard() {
  const user = useAppSelector(selectCurrentUser);
  const [filter, setFilter] = useState<ServiceFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const services = useAppSelector(selectCustomerServices);
  const idsByFilter = useAppSelector(selectCustomerServiceIdsByFilter);
  const selectedService = useAppSelector((state) => selectCustomerServiceById(state, selectedId));
  // The panel follows the list: a job hidden by the filter is not shown (it comes back with its filter).
  const visibleIds = filter === 'all' ? null : idsByFilter[filter];
  const shownService = selectedService && (!visibleIds || visibleIds.has(selectedService.id)) ? selectedService : null;
  const name = user?.fullName.trim();

  const renderService = useCallback(
    (service: CustomerServiceJob) => <ServiceRow service={service} selected={service.id === selectedId} onSelect={setSelectedId} />,
    [selectedId],
  );
  const emptyMessage = useCallback(
    (active: ServiceFilter) => (
      <>
        <ClipboardList aria-hidden="true" />
        {services.length === 0
          ? 'You have no services yet. Book an appointment to get started.'
          : `No services match the ${SERVICE_FILTERS.find((f) => f.value === active)?.label ?? active} filter.`}
      </>
    ),
    [services.length],
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.greeting}>
          <h1 className={styles.title}>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
          <p className={styles.subtitle}>Track your vehicle services and book your next appointment.</p>
        </div>
        <Link to="/dashboard/appointments" className={buttonClassName({ variant: 'primary' })}>
          <CalendarPlus aria-hidden="true" className={styles.linkIcon} />
          Book Appointment
        </Link>
      </header>

      <div className={styles.columns}>
        <Card title="My Services" className={styles.servicesCard}>
          <FilteredList
            items={services}
            getKey={serviceKey}
            renderItem={renderService}
            filters={SERVICE_FILTERS}
            filter={filter}
            onFilterChange={setFilter}
            keysByFilter={idsByFilter}
            emptyMessage={emptyMessage}
            summary={countLine}
            listLabel="Service list"
            filterGroupLabel="Filter services by status"
          />
        </Card>

        <Card title="Service Details" className={styles.detailsCard}>
          {shownService ? (
            <ServiceDetails key={shownService.id} service={shownService} />
          ) : (
            <p className={styles.hint}>Select a service to see its details.</p>
          )}
        </Card>
      </div>
    </div>
  );
}
