import { UnderConstruction } from './UnderConstruction';

/** Spec §2: analytics is an under-construction page listing coming features. */
const COMING_FEATURES = [
  'Revenue and appointment volume trends by week and month',
  'Technician utilisation and customer ratings',
  'Average turnaround time per service type',
  'Busiest service centres and time slots',
  'Exportable monthly reports',
] as const;

export default function AnalyticsPage() {
  return <UnderConstruction title="Analytics" features={COMING_FEATURES} />;
}
