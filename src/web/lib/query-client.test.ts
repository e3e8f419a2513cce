import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient, refreshQueries } from './query-client';

// A page that comes back from the national ID provider loads its data while it sends the approval: the first
// fetch may read the data before the change and answer after it. refreshQueries must not keep that answer.

afterEach(() => queryClient.clear());

describe('refreshQueries', () => {
  it('starts a first fetch over that was still in flight when the change was made', async () => {
    let stored = 'before';
    const answers: Array<() => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['thing', 'detail'],
      // Reads at once, answers when the test lets it.
      queryFn: () => {
        const read = stored;
        return new Promise<string>((resolve) => answers.push(() => resolve(read)));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(answers).toHaveLength(1);

    stored = 'after';
    const refreshed = refreshQueries(['thing']);
    // The old read answers late; the fetch started by the refresh answers with the change.
    answers[0]?.();
    await Promise.resolve();
    await expect.poll(() => answers.length).toBe(2);
    answers[1]?.();
    await refreshed;

    expect(queryClient.getQueryData(['thing', 'detail'])).toBe('after');
    unsubscribe();
  });

  it('leaves queries outside the key alone', async () => {
    queryClient.setQueryData(['other'], 'kept');
    await refreshQueries(['thing']);
    expect(queryClient.getQueryData(['other'])).toBe('kept');
    expect(queryClient.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});
