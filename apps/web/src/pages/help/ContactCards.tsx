import { toast } from '../../ui/toast-store';
import { CONTACT_CHANNELS, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, type ContactChannel } from './content/contact';

/** Live chat is not built yet: say so instead of a button that does nothing (docs/product-rules.md, 'Static pages'). */
function startChat(): void {
  toast({
    title: 'Live chat is not available yet',
    description: `Email ${SUPPORT_EMAIL}, or call ${SUPPORT_PHONE.display} ${SUPPORT_HOURS}.`,
  });
}

function ChannelAction({ channel }: { channel: ContactChannel }) {
  switch (channel.id) {
    case 'chat':
      return (
        <button type="button" className="btn btn-primary" onClick={startChat}>
          Start Chat
        </button>
      );
    case 'email':
      return (
        <a className="btn" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      );
    case 'phone':
      return (
        <a className="btn" href={`tel:${SUPPORT_PHONE.dial}`}>
          {SUPPORT_PHONE.display}
        </a>
      );
  }
}

export function ContactCards() {
  return (
    <section aria-labelledby="help-contact" className="help-section">
      <h2 id="help-contact" className="sr-only">
        Contact us
      </h2>
      <div className="grid-3">
        {CONTACT_CHANNELS.map((channel) => (
          <article key={channel.id} className="card help-contact-card" aria-labelledby={`contact-${channel.id}`}>
            <div className="row row-wrap">
              <h3 id={`contact-${channel.id}`} style={{ margin: 0 }}>
                {channel.title}
              </h3>
              {channel.id === 'chat' && <span className="badge">Not available yet</span>}
            </div>
            <p className="muted">{channel.description}</p>
            <p className="help-response">{channel.response}</p>
            <ChannelAction channel={channel} />
          </article>
        ))}
      </div>
    </section>
  );
}
