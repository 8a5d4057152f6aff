/**
 * What this browser remembers between visits (localStorage) or for this tab (sessionStorage). Storage may be
 * refused (a private window, a full quota, a policy): reading then finds nothing and writing keeps nothing, so
 * what depends on it simply comes back next time, and nothing a person does ever fails because of it.
 */
type Where = 'device' | 'tab';

const storage = (where: Where): Storage => (where === 'device' ? localStorage : sessionStorage);

export function recall(key: string, where: Where = 'device'): string | null {
  try {
    return storage(where).getItem(key);
  } catch {
    return null;
  }
}

export function remember(key: string, value: string, where: Where = 'device'): void {
  try {
    storage(where).setItem(key, value);
  } catch {
    // Refused: see above.
  }
}

export function forget(key: string, where: Where = 'device'): void {
  try {
    storage(where).removeItem(key);
  } catch {
    // Refused: see above.
  }
}
