import { ContactForm } from './ContactForm';
import { Faq } from './Faq';
import { Hero } from './Hero';
import { PublicLayout } from './PublicLayout';
import { ServicesBrowser } from './ServicesBrowser';
import { SpecCards } from './SpecCards';

/** Route "/": the public marketing page (spec §2 "Landing page"). */
export default function LandingPage() {
  return (
    <PublicLayout>
      <title>CarCare — Vehicle Service &amp; Maintenance</title>
      <Hero />
      <SpecCards />
      <ServicesBrowser />
      <Faq />
      <ContactForm />
    </PublicLayout>
  );
}
