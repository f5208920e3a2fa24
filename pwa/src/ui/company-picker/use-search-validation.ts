import { useEffect, useState } from 'react';

/** Company validation states. */
export type SearchValidation =
  | { readonly state: 'idle' }
  | { readonly state: 'validating' }
  | { readonly state: 'valid'; readonly message: string }
  | { readonly state: 'invalid'; readonly message: string };

/** The valid indicator clears after 3 s, errors after 6 s. */
const VALID_CLEAR_MS = 3000;
const ERROR_CLEAR_MS = 6000;

const IDLE: SearchValidation = { state: 'idle' };

export function useSearchValidation(): [SearchValidation, (next: SearchValidation) => void] {
  const [validation, setValidation] = useState<SearchValidation>(IDLE);
  useEffect(() => {
    if (validation.state !== 'valid' && validation.state !== 'invalid') return;
    const timer = setTimeout(() => setValidation(IDLE), validation.state === 'valid' ? VALID_CLEAR_MS : ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [validation]);
  return [validation, setValidation];
}
