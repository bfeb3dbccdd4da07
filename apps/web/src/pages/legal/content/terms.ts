import type { LegalDocument } from './types';

/** The Terms of Service, consistent with what the product does. */
export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  summary: 'These terms govern your use of Cinegrade. They are short on purpose: please read them.',
  sections: [
    {
      id: 'acceptance',
      heading: 'Acceptance of Terms',
      paragraphs: [
        'By creating an account or using Cinegrade you agree to these terms. If you do not agree, please do not use the service.',
        'We may update these terms as the product changes. When we make a significant change we will tell you by email or in the app; continuing to use Cinegrade afterwards means you accept the updated terms.',
      ],
    },
    {
      id: 'license',
      heading: 'Use License',
      paragraphs: [
        'We grant you a temporary, revocable, non-exclusive and non-transferable licence to use Cinegrade for personal and commercial work. This is a licence, not a transfer of title: the software, its looks and its course material remain ours.',
        'The media you grade and export with Cinegrade is yours to use, commercially or otherwise. Under this licence you may not:',
      ],
      points: [
        { text: 'Resell or redistribute the service, or its looks as a product of your own, for example as LUT packs.' },
        { text: 'Attempt to reach other users’ files or accounts, or to get around the limits of your plan.' },
        { text: 'Reverse engineer the service, or disrupt it with automated or excessive requests.' },
        { text: 'Upload material you do not have the right to use, or that is unlawful.' },
      ],
    },
    {
      id: 'content',
      heading: 'User Content',
      paragraphs: [
        'You keep full ownership of the media you upload and of everything you export. You give us only the permission needed to run the service for you: to store your files, process them (thumbnails, preview copies, analysis and exports) and show them to you.',
        'Your files are private to your account. We do not publish them, share them or use them for anything other than providing the service to you. Deleting an asset deletes the original and every copy we made of it.',
        'You are responsible for having the rights to what you upload.',
      ],
    },
    {
      id: 'plans',
      heading: 'Plans and Payments',
      paragraphs: [
        'Cinegrade has a Free plan and a Premium plan; what each includes is described on the Subscription Plans page. Premium is a monthly subscription bought through our payment processor, Stripe, under its own terms; your card details never touch our servers. You can cancel in Manage Subscription at any time: Premium then lasts until the end of the period you paid for and is not renewed. When a paid period ends without renewal, your account returns to the Free plan; your assets stay, and looks and formats that need Premium are locked until you subscribe again.',
      ],
    },
    {
      id: 'availability',
      heading: 'Service Availability',
      paragraphs: [
        'We work to keep Cinegrade running, but we do not guarantee uninterrupted access. Maintenance, updates and failures may interrupt the service, sometimes without notice.',
        'Cinegrade is a grading tool, not a backup: keep your own copies of original footage.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact Information',
      paragraphs: ['For questions about these terms, contact us through'],
      linksToSupport: true,
    },
  ],
};
