import { CalendarCheck, ClipboardCheck, Car } from 'lucide-react';
import { cx } from '@/lib/classNames';
import { CtaBand } from './components/CtaBand';
import { FeatureCardList } from './components/FeatureCardList';
import { InfoPageHeader } from './components/InfoPageHeader';
import { PublicLayout } from './components/PublicLayout';
import { ServicesBrowser } from './components/ServicesBrowser';
import styles from './components/InfoPage.module.css';

const steps = [
  { title: '1. Book online', text: 'Choose a service, a date and a time slot that suits you.', icon: CalendarCheck },
  { title: '2. Inspect & quote', text: 'We inspect the vehicle and send a clear quote for your approval.', icon: ClipboardCheck },
  { title: '3. Drive away', text: 'Follow the work live on your dashboard and collect when it is done.', icon: Car },
] as const;

/** /services */
export function Component() {
  return (
    <PublicLayout>
      <title>Services — CarCare</title>
      <InfoPageHeader
        eyebrow="What we do"
        title="Our Services"
        lead="Maintenance, repairs and diagnostics for every make and model, carried out by certified technicians."
      />
      <ServicesBrowser showHeading={false} />
      <section className={cx(styles.section, styles.sectionAlt)} aria-labelledby="how-heading">
        <div className="container">
          <h2 id="how-heading" className={styles.sectionTitle}>
            How it works
          </h2>
          <FeatureCardList items={steps} />
        </div>
      </section>
      <CtaBand />
    </PublicLayout>
  );
}
