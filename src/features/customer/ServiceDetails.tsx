import { useId, useState } from 'react';
import { Download, MapPin } from 'lucide-react';
import { Button } from '@/components/Button';
import type { CustomerServiceJob } from '@/features/services/types';
import { LocationMap } from './LocationMap';
import { StatusBadge } from './StatusBadge';
import { formatServiceDateTime } from './serviceDates';
import styles from './ServiceDetails.module.css';

/**
 * The detail panel of one job (spec §2 "Customer dashboard"): service centre, centre slot, start date,
 * estimated completion, assigned employee; a Show/Hide Location toggle revealing a map placeholder; and a
 * Download Report button (the spec shows no action for it). Render with `key={service.id}` so the location
 * toggle starts hidden for each job.
 */
export function ServiceDetails({ service }: { service: CustomerServiceJob }) {
  const [showLocation, setShowLocation] = useState(false);
  const mapId = useId();

  return (
    <div className={styles.details}>
      <div className={styles.summary}>
        <h3 className={styles.vehicle}>
          {service.vehicleName} <span className={styles.number}>{service.vehicleNumber}</span>
        </h3>
        <p className={styles.type}>{service.serviceType}</p>
        <StatusBadge status={service.status} />
      </div>
      <dl className={styles.values}>
        <div className={styles.pair}>
          <dt>Service Centre</dt>
          <dd>{service.serviceCenter}</dd>
        </div>
        <div className={styles.pair}>
          <dt>Centre Slot</dt>
          <dd>{service.centerSlot}</dd>
        </div>
        <div className={styles.pair}>
          <dt>Start Date</dt>
          <dd>
            <time dateTime={service.startDate}>{formatServiceDateTime(service.startDate)}</time>
          </dd>
        </div>
        <div className={styles.pair}>
          <dt>Estimated Completion</dt>
          <dd>
            <time dateTime={service.estimatedCompletion}>{formatServiceDateTime(service.estimatedCompletion)}</time>
          </dd>
        </div>
        <div className={styles.pair}>
          <dt>Assigned Employee</dt>
          <dd>{service.assignedEmployee}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          startIcon={<MapPin aria-hidden="true" />}
          aria-expanded={showLocation}
          aria-controls={mapId}
          onClick={() => setShowLocation((shown) => !shown)}
        >
          {showLocation ? 'Hide Location' : 'Show Location'}
        </Button>
        {/* Spec §2: Download Report button, no action shown. */}
        <Button variant="ghost" startIcon={<Download aria-hidden="true" />}>
          Download Report
        </Button>
      </div>
      <div id={mapId} hidden={!showLocation} className={styles.map}>
        {showLocation && <LocationMap place={service.serviceCenter} detail={service.centerSlot} />}
      </div>
    </div>
  );
}
