export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** Eight common questions for the landing page FAQ (spec §2: "FAQ list of 8 questions"). */
export const faqItems: readonly FaqItem[] = [
  {
    id: 'oil-change-interval',
    question: 'How often should I change my engine oil?',
    answer:
      'Most modern cars need fresh oil every 5,000–7,500 miles, or every 6 months if you drive little. Your owner’s manual has the exact interval; we follow it and remind you when the next change is due.',
  },
  {
    id: 'appointment-needed',
    question: 'Do I need an appointment, or can I walk in?',
    answer:
      'Walk-ins are welcome for quick jobs such as tire repairs and battery tests. Booking online guarantees your slot and usually gets you back on the road faster.',
  },
  {
    id: 'service-duration',
    question: 'How long does a typical service take?',
    answer:
      'An oil change or tire rotation takes about 45 minutes. A full service takes two to three hours, and we give you a time estimate before any work begins.',
  },
  {
    id: 'warranty',
    question: 'Will servicing at CarCare affect my manufacturer warranty?',
    answer:
      'No. We use parts and fluids that meet your manufacturer’s specifications and record every job, so your warranty stays intact.',
  },
  {
    id: 'check-engine-light',
    question: 'My check engine light is on. Is it safe to drive?',
    answer:
      'A steady light usually means a fault that should be checked soon; a flashing light means stop driving and call us. Our diagnostics pinpoint the cause in under an hour.',
  },
  {
    id: 'tracking',
    question: 'Can I track the progress of my vehicle’s service?',
    answer:
      'Yes. Create an account and your dashboard shows each job’s status, the assigned technician and the estimated completion time.',
  },
  {
    id: 'payment',
    question: 'What payment methods do you accept?',
    answer: 'We accept all major credit and debit cards, bank transfers and contactless payments. You pay only after approving the final quote.',
  },
  {
    id: 'parts-warranty',
    question: 'Do you guarantee your repairs?',
    answer:
      'Every repair comes with a 12-month / 12,000-mile warranty on parts and labour. If something is not right, bring the car back and we will make it right.',
  },
];
