import { useMemo } from 'react';
import { parseArticle, parseInline, type ArticleBlock } from './article-format';

type HeadingLevel = 2 | 3 | 4 | 5;
const HEADING_TAGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5' } as const;

/**
 * Renders text in the article format as React elements (no HTML strings). `headingLevel` is the
 * level of the text's `##` headings, one below the heading that titles the article, so the page's
 * headings stay in order.
 */
export function ArticleBody(props: { source: string; headingLevel: 3 | 4 }) {
  const blocks = useMemo(() => parseArticle(props.source), [props.source]);
  return (
    <div className="article-body">
      {blocks.map((block, index) => (
        <Block key={index} block={block} headingLevel={props.headingLevel} />
      ))}
    </div>
  );
}

function Block({ block, headingLevel }: { block: ArticleBlock; headingLevel: 3 | 4 }) {
  switch (block.kind) {
    case 'heading': {
      const Tag = HEADING_TAGS[(headingLevel + block.depth - 1) as HeadingLevel];
      return (
        <Tag>
          <Inline text={block.text} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Inline text={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <Inline text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'note':
      return (
        <aside className="article-note">
          <Inline text={block.text} />
        </aside>
      );
    case 'code':
      return (
        <pre className="article-code">
          <code>{block.lines.join('\n')}</code>
        </pre>
      );
  }
}

function Inline({ text }: { text: string }) {
  return parseInline(text).map((span, index) => (span.strong ? <strong key={index}>{span.text}</strong> : <span key={index}>{span.text}</span>));
}
