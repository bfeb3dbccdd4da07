import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { COURSES, formatLessonDuration, type Lesson } from './content/courses';

const SECTIONS = [
  ['theory', 'Theory'],
  ['practical', 'Practical'],
  ['tips', 'Tips'],
] as const;

function LessonBody({ lesson }: { lesson: Lesson }) {
  return (
    <div className="cc-lesson-body">
      <p className="muted">{lesson.description}</p>
      <div className="cc-lesson-columns">
        {SECTIONS.map(([key, label]) => (
          <div key={key}>
            <h5 className="section-title">{label}</h5>
            <ul>
              {lesson.content[key].map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Two courses; 'Start Reading' opens one course's lessons and each lesson opens its content. One
 * course and one lesson are open at a time, and clicking an open one closes it.
 */
export function MasterClasses() {
  const [openCourse, setOpenCourse] = useState('');
  const [openLesson, setOpenLesson] = useState('');
  return (
    <section className="cc-section" aria-labelledby="cc-courses">
      <h2 id="cc-courses">Expert Master Classes</h2>
      <Accordion.Root
        type="single"
        collapsible
        value={openCourse}
        onValueChange={(course) => {
          setOpenCourse(course);
          setOpenLesson('');
        }}
        className="stack"
      >
        {COURSES.map((course) => (
          <Accordion.Item key={course.id} value={course.id} className="card cc-course" aria-labelledby={`course-${course.id}`} role="region">
            <div className="cc-course-head">
              <div className="stack cc-course-summary">
                <h3 id={`course-${course.id}`}>{course.title}</h3>
                <p className="muted small">{course.instructor}</p>
                <p>{course.description}</p>
                <ul className="cc-course-facts">
                  <li>{course.durationHours} hours</li>
                  <li>{course.lessons.length} lessons</li>
                </ul>
              </div>
              <Accordion.Header asChild>
                <div className="cc-course-toggle">
                  <Accordion.Trigger className="btn btn-primary">{openCourse === course.id ? 'Close Lessons' : 'Start Reading'}</Accordion.Trigger>
                </div>
              </Accordion.Header>
            </div>
            <Accordion.Content className="cc-lessons">
              <Accordion.Root type="single" collapsible value={openLesson} onValueChange={setOpenLesson}>
                {course.lessons.map((lesson, index) => (
                  <Accordion.Item key={lesson.id} value={`${course.id}/${lesson.id}`} className="cc-lesson">
                    <Accordion.Header asChild>
                      <h4 className="cc-lesson-header">
                        <Accordion.Trigger className="cc-lesson-trigger">
                          <span className="cc-lesson-number" aria-hidden>
                            {index + 1}
                          </span>
                          <span className="cc-lesson-title">{lesson.title}</span>
                          <span className="cc-lesson-duration">{formatLessonDuration(lesson.durationMinutes)}</span>
                        </Accordion.Trigger>
                      </h4>
                    </Accordion.Header>
                    <Accordion.Content>
                      <LessonBody lesson={lesson} />
                    </Accordion.Content>
                  </Accordion.Item>
                ))}
              </Accordion.Root>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
