import { render } from 'preact';
import { exchangeLoginCode } from './api/client.js';
import { preferredLanguage, type Language } from './i18n.js';
import { App, SignedOut, type Theme } from './ui/App.js';
import { Workspace } from './workspace.js';

const tokenKey = 'lectern.token';
const languageKey = 'lectern.language';
const themeKey = 'lectern.theme';

/**
 * The token, from a login code in the URL fragment (exchanged once, then removed from the
 * address bar) or from this tab's sessionStorage. Never from or into a URL.
 */
async function signIn(baseUrl: string): Promise<string | null> {
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  if (code) {
    history.replaceState(null, '', location.pathname + location.search);
    try {
      const token = await exchangeLoginCode(baseUrl, code);
      sessionStorage.setItem(tokenKey, token);
      return token;
    } catch {
      // A used or expired code: a token this tab already holds still works.
    }
  }
  return sessionStorage.getItem(tokenKey);
}

function initialTheme(): Theme {
  const stored = localStorage.getItem(themeKey);
  if (stored === 'light' || stored === 'dark') return stored;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  let language = preferredLanguage(localStorage.getItem(languageKey), navigator.language);
  let theme = initialTheme();
  const baseUrl = location.origin;
  const token = await signIn(baseUrl);
  const apply = () => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    document.documentElement.dataset.theme = theme;
  };
  apply();
  if (!token) {
    render(<SignedOut language={language} />, root);
    return;
  }
  const workspace = new Workspace(baseUrl, token);
  const draw = () => render(
    <App
      workspace={workspace}
      language={language}
      theme={theme}
      onLanguage={(next: Language) => { language = next; localStorage.setItem(languageKey, next); apply(); draw(); }}
      onTheme={(next: Theme) => { theme = next; localStorage.setItem(themeKey, next); apply(); draw(); }}
    />,
    root,
  );
  draw();
  workspace.connect();
}

void main();
