/** Placeholder business contact details shown on the public pages. */
export const contactDetails = {
  phone: '+1 (555) 010-2030',
  phoneHref: 'tel:+15550102030',
  email: 'hello@carcare.example',
  /** Spec §2: opening hours, exactly. */
  hours: ['Mon-Fri 8:00 AM-6:00 PM', 'Sat/Sun 9:00 AM-4:00 PM'],
  offices: [
    { name: 'Downtown Workshop', street: '1200 Market Street', city: 'Springfield, IL 62701' },
    { name: 'Northside Service Centre', street: '48 Lakeview Avenue', city: 'Springfield, IL 62702' },
    { name: 'Westgate Express Bay', street: '7 Industrial Park Road', city: 'Springfield, IL 62704' },
  ],
} as const;
