import type { LegalDocument } from './types';

/**
 * The Privacy Policy, describing what the product really does: argon2id
 * password hashes, httpOnly session cookies, private files behind short-lived signed links,
 * deletion of every copy with the asset, analysis on our own server, card details only with Stripe.
 */
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  summary:
    'This policy explains what Cinegrade collects, why, and how it is protected. We collect what the product needs to work and nothing more: no advertising, no third-party tracking, and your media is yours alone.',
  sections: [
    {
      id: 'collect',
      heading: 'Information We Collect',
      paragraphs: ['We collect information in three situations:'],
      points: [
        {
          label: 'Account creation',
          text: 'Your name and email address, and your password, which we never store as such: we keep only an argon2id hash of it. With your account we keep your subscription plan and your settings, such as export defaults and notification choices.',
        },
        {
          label: 'Uploaded media files',
          text: 'The videos and images you upload, the thumbnails and preview copies we make from them, the files you export, and the information needed to grade them: file name, type, size, duration and resolution, the look and slider values you chose, and the .cube LUTs you import. If you try the editor without an account, your file is kept in your browser (for at most a day, and removed a second after you sign out) and is uploaded only when you sign in, to become your first saved asset.',
        },
        {
          label: 'Support contact',
          text: 'When you email us, call us or report a bug, the message, your contact details and anything you attach, such as screenshots or request ids.',
        },
      ],
    },
    {
      id: 'use',
      heading: 'How We Use Your Information',
      paragraphs: ['We use this information only to run Cinegrade for you:'],
      points: [
        { text: 'To store, preview, grade and export your media, and to keep your looks, slider values and settings between sessions.' },
        { text: 'To run Smart Analyze. Your browser sends a downscaled copy of the frame on screen (and of up to three more frames of a video), at most 512 pixels on the longest side, to our own server, which analyses it and deletes it at once; nothing is sent to a third party.' },
        { text: 'To sign you in, confirm your email address, and protect accounts, for example by limiting repeated sign-in attempts from the same network address.' },
        { text: 'To send emails about your account, and only the notifications you switch on in Settings.' },
        { text: 'To answer your support requests and investigate failures, using server logs that record requests, errors and their request ids.' },
      ],
    },
    {
      id: 'security',
      heading: 'Data Security',
      paragraphs: [
        'Passwords are stored only as argon2id hashes. You stay signed in through httpOnly session cookies, which scripts running in the page cannot read. We use no advertising or third-party tracking cookies.',
        'Your files are private. They are stored under your account, every request for them is checked against their owner on our server, and they are delivered only to you through short-lived signed links: there are no public links to your media. When you delete an asset, we delete its original, its preview copy, its thumbnail and every export made from it.',
        'Payments for Premium are handled by our payment processor, Stripe: you enter your card details on its checkout page, so they go to Stripe directly and never touch our servers. We keep only what Stripe tells us about your subscription (its status and when the paid period ends) and the customer number it gives you. A Cinegrade server run without a payment processor offers only a test checkout, which asks for no card and takes no money.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact Us',
      paragraphs: ['For questions about this policy, or to ask for a copy or the removal of your data, contact us through'],
      linksToSupport: true,
    },
  ],
};
