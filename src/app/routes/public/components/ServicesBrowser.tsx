import { Tabs } from '@/components/Tabs';
import { cx } from '@/lib/classNames';
import { serviceCatalog, type ServiceCategory } from './serviceCatalog';
import heading from '@/components/SectionHeading.module.css';
import styles from './ServicesBrowser.module.css';

function ServiceGrid({ category }: { category: ServiceCategory }) {
  return (
    <ul className={styles.grid}>
      {category.services.map(({ name, description, icon: Icon }) => (
        <li key={name}>
          <article className={styles.card}>
            <span className={styles.icon}>
              <Icon aria-hidden="true" />
            </span>
            <h3 className={styles.name}>{name}</h3>
            <p className={styles.description}>{description}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

export interface ServicesBrowserProps {
  /**
   * Show the section's eyebrow, h2 and intro. Default true. When false (ServicesPage, under its own h1)
   * the h2 "Service catalogue" is kept for screen readers only.
   */
  showHeading?: boolean;
}

/** The services section: four tabs (spec §2) each listing its service cards. */
export function ServicesBrowser({ showHeading = true }: ServicesBrowserProps) {
  const tabs = serviceCatalog.map((category) => ({
    id: category.id,
    label: category.label,
    content: <ServiceGrid category={category} />,
  }));

  return (
    <section id="services" className={cx(styles.section, !showHeading && styles.compact)} aria-labelledby="services-heading">
      <div className="container">
        {showHeading ? (
          <div className={styles.header}>
            <p className={heading.eyebrow}>What we do</p>
            <h2 id="services-heading" className={heading.title} tabIndex={-1}>
              Our Services
            </h2>
            <p className={heading.lead}>
              Pick a category to see what our workshop handles. Every job starts with a free inspection and a clear quote.
            </p>
          </div>
        ) : (
          <h2 id="services-heading" className="visually-hidden">
            Service catalogue
          </h2>
        )}
        <Tabs tabs={tabs} label="Service categories" appearance="pills" />
      </div>
    </section>
  );
}
