import { ChartColumn } from 'lucide-react';
import { StatusPage } from '@/components/StatusPage';

/** Spec §2: /reports is placeholder text only. */
export default function ReportsPage() {
  return (
    <StatusPage title="Reports" icon={<ChartColumn />}>
      <p>Reports are coming soon: service history, technician hours and workshop performance in one place.</p>
    </StatusPage>
  );
}
