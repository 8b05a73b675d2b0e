// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApplicantAvatar } from '../applicant/applicant-avatar';
import { imageAtDensities } from './image-densities';

afterEach(cleanup);

describe('photos and logos at densities 1 and 2', () => {
  it('a stored image gets the 1x copy as src and both copies in srcset', () => {
    expect(imageAtDensities('/api/files/7', '36')).toEqual({
      src: '/api/files/7?size=36&density=1',
      srcSet: '/api/files/7?size=36&density=1 1x, /api/files/7?size=36&density=2 2x',
    });
  });

  it('a photo not saved yet (a data URL) is shown as it is', () => {
    expect(imageAtDensities('data:image/png;base64,AAAA', '64')).toEqual({
      src: 'data:image/png;base64,AAAA',
    });
  });

  it('the avatar asks for its own box: 36 px in a list, 80 px on the card', () => {
    const { container } = render(
      <>
        <ApplicantAvatar first_name="Анна" photo="/api/files/5" />
        <ApplicantAvatar first_name="Анна" photo="/api/files/5" size="lg" />
      </>,
    );
    const [small, large] = container.querySelectorAll('img');
    expect(small!.getAttribute('srcset')).toBe(
      '/api/files/5?size=36&density=1 1x, /api/files/5?size=36&density=2 2x',
    );
    expect(small!.getAttribute('src')).toBe('/api/files/5?size=36&density=1');
    expect(large!.getAttribute('srcset')).toBe(
      '/api/files/5?size=80&density=1 1x, /api/files/5?size=80&density=2 2x',
    );
  });
});
