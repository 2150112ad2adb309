import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, paths, prerenderedPage } from './routes';

describe('prerenderedPage', () => {
  it('names the landing page, the two auth tabs and the signed-in pages', () => {
    expect(prerenderedPage('/')).toBe('home');
    expect(prerenderedPage('/auth')).toBe('auth');
    expect(prerenderedPage('/auth/', '?tab=login')).toBe('auth');
    expect(prerenderedPage('/auth', '?tab=register')).toBe('auth-register');
    expect(prerenderedPage('/dashboard')).toBe('dashboard');
    expect(prerenderedPage('/tasks', '?tab=history&highlight=x')).toBe('tasks');
  });

  it('has no page for a reset link (its token is in the query or the hash) or a page outside the list', () => {
    expect(prerenderedPage('/auth', '?type=recovery&token=abc')).toBeNull();
    expect(prerenderedPage('/auth', '', '#type=recovery&token=abc')).toBeNull();
    expect(prerenderedPage(paths.privacyPolicy)).toBeNull();
    expect(prerenderedPage(paths.authCallback)).toBeNull();
    expect(prerenderedPage('/nope')).toBeNull();
  });

  it('renders every page at an address that names it', () => {
    for (const [name, url] of Object.entries(PRERENDERED_PAGES)) {
      const { pathname, search } = new URL(url, 'http://pact.test');
      expect(prerenderedPage(pathname, search)).toBe(name);
    }
  });
});
