import { useState } from 'react';
import { CalendarPlus, ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { buttonClassName } from '@/components/Button';
import { Card } from '@/components/Card';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { selectCustomerServices } from '@/features/services/servicesSlice';
import { selectCustomerServiceById, selectFilteredCustomerServices } from './customerSelectors';
import { ServiceDetails } from './ServiceDetails';
import { ServiceFilterBar } from './ServiceFilterBar';
import { ServiceList } from './ServiceList';
import { SERVICE_FILTERS, type ServiceFilter } from './serviceFilters';
import styles from './CustomerDashboard.module.css';

/**
 * The customer's dashboard (spec §2 "Customer dashboard"), rendered by DashboardRouter at /dashboard inside
 * DashboardLayout's <main>: welcome, Book Appointment, My Services with filters, and the detail panel.
 */
export default function CustomerDashboard() {
  const user = useAppSelector(selectCurrentUser);
  const [filter, setFilter] = useState<ServiceFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const total = useAppSelector(selectCustomerServices).length;
  const services = useAppSelector((state) => selectFilteredCustomerServices(state, filter));
  const selectedService = useAppSelector((state) => selectCustomerServiceById(state, selectedId));
  // The panel follows the list: a job hidden by the filter is not shown (it comes back with its filter).
  const shownService = selectedService && (filter === 'all' || selectedService.status === filter) ? selectedService : null;
  const filterLabel = SERVICE_FILTERS.find((f) => f.value === filter)?.label ?? filter;
  const name = user?.fullName.trim();

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
          <ServiceFilterBar value={filter} onChange={setFilter} />
          {total === 0 ? (
            <p className={styles.empty} role="status">
              <ClipboardList aria-hidden="true" />
              You have no services yet. Book an appointment to get started.
            </p>
          ) : services.length === 0 ? (
            <p className={styles.empty} role="status">
              <ClipboardList aria-hidden="true" />
              No services match the {filterLabel} filter.
            </p>
          ) : (
            <>
              <p className={styles.count} role="status">
                Showing {services.length} of {total} {total === 1 ? 'service' : 'services'}
              </p>
              <ServiceList services={services} selectedId={selectedId} onSelect={setSelectedId} />
            </>
          )}
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
