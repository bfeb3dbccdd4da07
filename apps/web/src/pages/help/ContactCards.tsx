import { CONTACT_CHANNELS, SUPPORT_EMAIL, SUPPORT_PHONE, type ContactChannel } from './content/contact';

function ChannelAction({ channel }: { channel: ContactChannel }) {
  switch (channel.id) {
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
