import { Accordion } from 'radix-ui';
import { FAQ_ITEMS, type AnswerBlock } from './content/faq';

function Answer({ blocks }: { blocks: readonly AnswerBlock[] }) {
  return blocks.map((block, index) =>
    typeof block === 'string' ? (
      <p key={index}>{block}</p>
    ) : (
      <ul key={index}>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}

/** Five questions, one open at a time; opening another closes the first. */
export function FaqAccordion() {
  return (
    <section aria-labelledby="help-faq" className="help-section">
      <h2 id="help-faq">Frequently Asked Questions</h2>
      <Accordion.Root type="single" collapsible className="help-faq">
        {FAQ_ITEMS.map((item) => (
          <Accordion.Item key={item.id} value={item.id} className="help-faq-item">
            <Accordion.Header className="help-faq-header">
              <Accordion.Trigger className="help-faq-trigger">
                <span>{item.question}</span>
                <span className="help-chevron" aria-hidden>
                  ▾
                </span>
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="help-faq-answer">
              <Answer blocks={item.answer} />
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
