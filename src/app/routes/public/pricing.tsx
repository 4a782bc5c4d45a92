import { Link } from 'react-router-dom';
import { Check } from 'lucide-react';
import { buttonClassName } from '@/components/Button';
import { cx } from '@/lib/classNames';
import { InfoPageHeader } from './components/InfoPageHeader';
import { PublicLayout } from './components/PublicLayout';
import styles from './components/InfoPage.module.css';
import * as paths from '@/config/paths';

interface Plan {
  name: string;
  blurb: string;
  price: string;
  featured?: boolean;
  features: readonly string[];
}

const plans: readonly Plan[] = [
  {
    name: 'Essential Care',
    blurb: 'The basics, done right.',
    price: '$59',
    features: ['Oil and filter change', '20-point safety inspection', 'Fluid top-up', 'Tire pressure check'],
  },
  {
    name: 'Complete Care',
    blurb: 'Our most booked yearly service.',
    price: '$149',
    featured: true,
    features: [
      'Everything in Essential Care',
      'Tire rotation and balancing',
      'Brake inspection',
      'Battery health test',
      'Air filter replacement',
    ],
  },
  {
    name: 'Premium Care',
    blurb: 'For high-mileage and performance cars.',
    price: '$279',
    features: [
      'Everything in Complete Care',
      'Computerised wheel alignment',
      'AC performance check',
      'Advanced diagnostics scan',
      'Courtesy exterior wash',
    ],
  },
];

/** /pricing */
export function Component() {
  return (
    <PublicLayout>
      <title>Pricing — CarCare</title>
      <InfoPageHeader
        eyebrow="Pricing"
        title="Simple, transparent pricing"
        lead="Fixed-price service packages for standard passenger vehicles. Repairs are always quoted before any work starts."
      />
      <section className={styles.section} aria-labelledby="plans-heading">
        <div className="container">
          <h2 id="plans-heading" className="visually-hidden">
            Service packages
          </h2>
          <ul className={styles.plans}>
            {plans.map((plan) => (
              <li key={plan.name}>
                <article className={cx(styles.plan, plan.featured && styles.planFeatured)} aria-labelledby={`plan-${plan.name}`}>
                  {plan.featured && <p className={styles.badge}>Most popular</p>}
                  <div>
                    <h3 id={`plan-${plan.name}`} className={styles.planName}>
                      {plan.name}
                    </h3>
                    <p className={styles.planBlurb}>{plan.blurb}</p>
                  </div>
                  <p className={styles.price}>
                    <span className={styles.priceValue}>{plan.price}</span>
                    <span className={styles.priceUnit}>per visit</span>
                  </p>
                  <ul className={styles.features}>
                    {plan.features.map((feature) => (
                      <li key={feature}>
                        <Check aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Link
                    to={paths.register}
                    className={buttonClassName({ variant: plan.featured ? 'primary' : 'secondary', fullWidth: true })}
                  >
                    Choose {plan.name}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
          <p className={styles.note}>
            Prices are estimates for standard passenger vehicles and include labour and standard parts. Your service
            advisor confirms the final quote before any work begins.
          </p>
        </div>
      </section>
    </PublicLayout>
  );
}
