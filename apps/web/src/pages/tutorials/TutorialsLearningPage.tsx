import { useEffect, useReducer, useRef } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '../../ui/primitives';
import { BookReader } from './BookReader';
import { BooksSection } from './BooksSection';
import { findBook, findResource } from './content/lookup';
import type { ReadingReference } from './content/types';
import { LearningPathsSection } from './LearningPathsSection';
import { OVERVIEW, readerReducer } from './reader-state';
import { ResourceReader } from './ResourceReader';
import { ResourcesSection } from './ResourcesSection';
import { VideoTutorialsSection } from './VideoTutorialsSection';
import './tutorials.css';

/**
 * Tutorials & Learning: video tutorials, educational resources, digital books
 * and learning paths, with a resource reader and a book chapter reader. The overview stays
 * mounted but hidden while a reader is open, so its open tables of contents and module lists are
 * as they were on return, and focus goes back to the button that opened the reader.
 */
export default function TutorialsLearningPage() {
  const [reader, dispatch] = useReducer(readerReducer, OVERVIEW);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (reader.view !== 'overview' || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [reader.view]);

  const resource = reader.view === 'resource' ? findResource(reader.resourceId) : undefined;
  const book = reader.view === 'book' ? findBook(reader.bookId) : undefined;
  const close = () => dispatch({ type: 'close' });
  // A reader whose record is missing cannot happen with fixed data; the overview stays visible if it does.
  const readerOpen = resource !== undefined || book !== undefined;
  const openReading = (reading: ReadingReference, element: HTMLElement) => {
    opener.current = element;
    if ('resourceId' in reading) {
      dispatch({ type: 'openResource', resourceId: reading.resourceId });
      return;
    }
    const chosen = findBook(reading.bookId);
    if (chosen) dispatch({ type: 'openBook', bookId: chosen.id, chapterCount: chosen.tableOfContents.length, chapterIndex: reading.chapter - 1 });
  };

  return (
    <PageLayout
      title="Tutorials & Learning"
      backLabel="Back to Home"
      subtitle="Learn colour correction and grading from first principles: watch, read, then follow a path."
      actions={
        <Link to="/" className="btn">
          Dashboard
        </Link>
      }
    >
      <div className="learn-overview" hidden={readerOpen}>
        <VideoTutorialsSection onRead={openReading} />
        <ResourcesSection
          onOpen={(chosen, element) => {
            opener.current = element;
            dispatch({ type: 'openResource', resourceId: chosen.id });
          }}
        />
        <BooksSection
          onOpen={(chosen, chapterIndex, element) => {
            opener.current = element;
            dispatch({ type: 'openBook', bookId: chosen.id, chapterCount: chosen.tableOfContents.length, chapterIndex });
          }}
        />
        <LearningPathsSection />
      </div>
      {resource && <ResourceReader resource={resource} onClose={close} />}
      {reader.view === 'book' && book && (
        <BookReader
          book={book}
          chapterIndex={reader.chapterIndex}
          contentsOpen={reader.contentsOpen}
          onPrevious={() => dispatch({ type: 'previousChapter' })}
          onNext={() => dispatch({ type: 'nextChapter' })}
          onGoTo={(chapterIndex) => dispatch({ type: 'goToChapter', chapterIndex })}
          onToggleContents={() => dispatch({ type: 'toggleContents' })}
          onClose={close}
        />
      )}
    </PageLayout>
  );
}
