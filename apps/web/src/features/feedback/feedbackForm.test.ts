import { describe, expect, it } from 'vitest';
import { FeedbackLimits } from '@sunfleet/contracts';
import { feedbackForm, screenshotProblem, screenshotsProblem, textProblem } from './feedbackForm';

describe('the feedback form checks', () => {
  it('takes png/jpg screenshots within the size limit, at most six', () => {
    expect(screenshotProblem({ name: 'a.PNG', size: 10 })).toBeNull();
    expect(screenshotProblem({ name: 'a.jpeg', size: FeedbackLimits.screenshotMaxBytes })).toBeNull();
    expect(screenshotProblem({ name: 'a.pdf', size: 10 })).toBe('rule.imageFileType');
    expect(screenshotProblem({ name: 'a.png', size: FeedbackLimits.screenshotMaxBytes + 1 })).toBe(
      'feedback.screenshotTooLarge',
    );
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `${i}.png`, size: 1 }));
    expect(screenshotsProblem(seven)).toBe('feedback.tooManyScreenshots');
    expect(screenshotsProblem(seven.slice(1))).toBeNull();
  });

  it('wants 1 to 2000 characters after trimming', () => {
    expect(textProblem('  ')).toBe('feedback.textInvalid');
    expect(textProblem('x'.repeat(FeedbackLimits.textMax + 1))).toBe('feedback.textInvalid');
    expect(textProblem(` ${'x'.repeat(FeedbackLimits.textMax)} `)).toBeNull();
  });

  it('sends the type, the trimmed text and every screenshot as a part `files`', () => {
    const file = new File([new Uint8Array([1])], 'shot.png', { type: 'image/png' });
    const form = feedbackForm({ type: 'BUG', text: ' broken ' }, [file, file]);
    expect(form.get('type')).toBe('BUG');
    expect(form.get('text')).toBe('broken');
    expect(form.getAll('files')).toHaveLength(2);
  });
});
