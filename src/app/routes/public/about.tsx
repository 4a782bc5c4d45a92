import { BadgeCheck, HandCoins, HeartHandshake } from 'lucide-react';
import { cx } from '@/lib/classNames';
import { CtaBand } from './components/CtaBand';
import { FeatureCardList } from './components/FeatureCardList';
import { InfoPageHeader } from './components/InfoPageHeader';
import { PublicLayout } from './components/PublicLayout';
import styles from './components/InfoPage.module.css';

const values = [
  {
    title: 'Honest pricing',
    text: 'You approve a written quote before we pick up a tool. No surprise extras on the invoice.',
    icon: HandCoins,
  },
  {
    title: 'Certified expertise',
    text: 'Our technicians are factory-trained and re-certified every year on the latest vehicle systems.',
    icon: BadgeCheck,
  },
  {
    title: 'Customer first',
    text: 'Live job tracking, clear explanations and a courtesy check on every visit — because it is your car.',
    icon: HeartHandshake,
  },
] as const;

const stats = [
  { label: 'Workshops', value: '3' },
  { label: 'Certified technicians', value: '40+' },
  { label: 'Open', value: '7 days' },
  { label: 'Repair warranty', value: '12 mo' },
] as const;

/** /about */
export function Component() {
  return (
    <PublicLayout>
      <title>About CarCare</title>
      <InfoPageHeader
        eyebrow="Who we are"
        title="About CarCare"
        lead="A team of technicians and service advisors who believe car maintenance should be simple, transparent and fast."
      />

      <section className={styles.section} aria-labelledby="story-heading">
        <div className={cx('container', styles.split)}>
          <div>
            <h2 id="story-heading" className={styles.sectionTitle}>
              Our story
            </h2>
            <div className={cx(styles.prose, styles.sectionLead)}>
              <p>
                CarCare started as a two-bay garage with one promise: treat every car as if it were our own. Today three
                workshops serve thousands of drivers, from daily commuters to weekend performance fans.
              </p>
              <p>
                We combine dealer-level diagnostic equipment with an online dashboard, so you always know what is
                happening to your vehicle, who is working on it and when it will be ready.
              </p>
            </div>
          </div>
          <dl className={styles.stats}>
            {stats.map((stat) => (
              <div key={stat.label} className={cx(styles.stat, styles.statsGrid)}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={cx(styles.section, styles.sectionAlt)} aria-labelledby="values-heading">
        <div className="container">
          <h2 id="values-heading" className={styles.sectionTitle}>
            What we stand for
          </h2>
          <FeatureCardList items={values} />
        </div>
      </section>

      <CtaBand />
    </PublicLayout>
  );
}
