import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useGuideSelection } from './selection';

// The search results hydrate from the server's HTML, rendered with no selection. A browser tab with
// none must read the very same value, or React renders the whole results page again at once.
function hydrateProbe() {
  const seen: number[] = [];
  function Probe() {
    const { selected } = useGuideSelection();
    seen.push(selected.length);
    return <p>{selected.length}</p>;
  }
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Probe />);
  seen.length = 0;
  return { container, seen, hydrate: () => act(async () => void hydrateRoot(container, <Probe />)) };
}

describe('multi-select on /search', () => {
  afterEach(() => sessionStorage.clear());

  it('with nothing selected, hydration renders the results once', async () => {
    const probe = hydrateProbe();
    await probe.hydrate();
    expect(probe.seen).toEqual([0]);
  });

  it("a tab's kept selection shows right after hydration", async () => {
    sessionStorage.setItem('tabi.search.selected', JSON.stringify([{ id: 7, name: 'Haruka', photo: null }]));
    const probe = hydrateProbe();
    await probe.hydrate();
    expect(probe.seen).toEqual([0, 1]);
    expect(probe.container.textContent).toBe('1');
  });
});
