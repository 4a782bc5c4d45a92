import { ContactForm } from '@/features/contact';
import { Faq } from './components/Faq';
import { Hero } from './components/Hero';
import { PublicLayout } from './components/PublicLayout';
import { ServicesBrowser } from './components/ServicesBrowser';
import { SpecCards } from './components/SpecCards';

/** /: the public marketing page (spec §2 "Landing page"). */
export function Component() {
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
