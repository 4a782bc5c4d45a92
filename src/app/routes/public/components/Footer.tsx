import { Link } from 'react-router-dom';
import { Clock, MapPin } from 'lucide-react';
import * as paths from '@/config/paths';
import { contactDetails, ContactLinkItems, NewsletterForm } from '@/features/contact';
import { cx } from '@/lib/classNames';
import { Logo } from './Logo';
import { MapPlaceholder } from './MapPlaceholder';
import { SocialIcon, type SocialNetwork } from './SocialIcon';
import styles from './Footer.module.css';

const exploreLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.about, label: 'About us' },
  { to: paths.services, label: 'Services' },
  { to: paths.pricing, label: 'Pricing' },
] as const;

const accountLinks = [
  { to: paths.login, label: 'Sign in' },
  { to: paths.register, label: 'Create an account' },
  { to: paths.registerEmployee, label: 'Join as a technician' },
] as const;

/** The shop's terms and privacy policy (content/legal/), on every public page. */
const legalLinks = [
  { to: paths.terms, label: 'Terms of service' },
  { to: paths.privacy, label: 'Privacy policy' },
] as const;

const socialLinks: readonly { network: SocialNetwork; label: string; href: string }[] = [
  { network: 'facebook', label: 'CarCare on Facebook', href: 'https://www.facebook.com/carcare.example' },
  { network: 'instagram', label: 'CarCare on Instagram', href: 'https://www.instagram.com/carcare.example' },
  { network: 'x', label: 'CarCare on X', href: 'https://x.com/carcare_example' },
  { network: 'youtube', label: 'CarCare on YouTube', href: 'https://www.youtube.com/@carcare.example' },
];

/** The public site footer: newsletter box, links, contact, hours, offices, map placeholder, social links. */
export function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className={cx('theme-dark', styles.footer)}>
      <div className="container">
        <div className={styles.newsletter}>
          <div>
            <h2 className={styles.newsletterTitle}>Stay tuned for service tips &amp; offers</h2>
            <p className={styles.muted}>One short e-mail a month. No spam, unsubscribe any time.</p>
          </div>
          <NewsletterForm />
        </div>

        <div className={styles.grid}>
          <div className={styles.brandCol}>
            <Link to={paths.home} className={styles.brand} aria-label="CarCare home">
              <Logo />
            </Link>
            <p className={styles.muted}>
              Honest, expert vehicle care for drivers who want to spend less time at the workshop and more time on the
              road.
            </p>
            <ul className={styles.social}>
              {socialLinks.map((link) => (
                <li key={link.network}>
                  <a href={link.href} aria-label={link.label} rel="noreferrer" className={styles.socialLink}>
                    <SocialIcon network={link.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-label="Footer" className={styles.col}>
            <h2 className={styles.colTitle}>
              Explore
            </h2>
            <ul className={styles.links}>
              {exploreLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
            <h2 className={cx(styles.colTitle, styles.spaced)}>Account</h2>
            <ul className={styles.links}>
              {accountLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className={styles.col}>
            <h2 className={styles.colTitle}>Contact</h2>
            <ul className={styles.contact}>
              <ContactLinkItems />
            </ul>
            <h2 className={cx(styles.colTitle, styles.spaced)}>Opening hours</h2>
            <ul className={styles.contact}>
              {contactDetails.hours.map((line) => (
                <li key={line}>
                  <Clock aria-hidden="true" />
                  <span>{line}</span>
                </li>
              ))}
            </ul>
          </div>

          <div className={styles.col}>
            <h2 className={styles.colTitle}>Our offices</h2>
            <ul className={styles.offices}>
              {contactDetails.offices.map((office) => (
                <li key={office.name}>
                  <MapPin aria-hidden="true" />
                  <address>
                    <strong>{office.name}</strong>
                    <br />
                    {office.street}
                    <br />
                    {office.city}
                  </address>
                </li>
              ))}
            </ul>
            <MapPlaceholder
              className={styles.map}
              label={`Map placeholder showing our ${contactDetails.offices[0].name} at ${contactDetails.offices[0].street}`}
            />
          </div>
        </div>

        <div className={styles.bottom}>
          {/* The build pre-renders this page: in a later year the browser's text differs, and that is expected. */}
          <p suppressHydrationWarning>© {year} CarCare. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className={styles.legal}>
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>Built for drivers who care about their cars.</p>
        </div>
      </div>
    </footer>
  );
}
