import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '@/lib/classNames';
import { faqItems } from './faqItems';
import { scrollToSection } from './scrollToSection';
import heading from '@/components/SectionHeading.module.css';
import styles from './Faq.module.css';

/** "Frequently Asked Questions": 8 disclosure buttons (aria-expanded) that show / hide their answers. */
export function Faq() {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <section id="faq" className={styles.section} aria-labelledby="faq-heading">
      <div className={cx('container', styles.inner)}>
        <div className={styles.intro}>
          <p className={heading.eyebrow}>Good to know</p>
          <h2 id="faq-heading" className={heading.title} tabIndex={-1}>
            Frequently Asked Questions
          </h2>
          <p className={heading.lead}>
            Straight answers about servicing, bookings and repairs. Still wondering about something?{' '}
            <a
              href="#contact"
              className={styles.contactLink}
              onClick={(event) => {
                event.preventDefault();
                scrollToSection('contact-heading');
              }}
            >
              Send us a message
            </a>
            .
          </p>
        </div>

        <ul className={styles.list}>
          {faqItems.map((item) => {
            const expanded = openIds.has(item.id);
            const buttonId = `${baseId}-q-${item.id}`;
            const answerId = `${baseId}-a-${item.id}`;
            return (
              <li key={item.id} className={cx(styles.item, expanded && styles.open)}>
                <h3 className={styles.question}>
                  <button
                    type="button"
                    id={buttonId}
                    className={styles.trigger}
                    aria-expanded={expanded}
                    aria-controls={answerId}
                    onClick={() => toggle(item.id)}
                  >
                    <span>{item.question}</span>
                    <ChevronDown className={styles.chevron} aria-hidden="true" />
                  </button>
                </h3>
                <div id={answerId} className={styles.answer} hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
