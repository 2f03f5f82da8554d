import { useCallback, useState } from 'react';
import { fetchRandomImage } from '../api/random-image.ts';

export interface Captcha {
  /** Whether the server asked for a captcha (code 412). */
  required: boolean;
  image: string | null;
  checkKey: string | null;
  /** Shows the captcha field (if hidden) and loads a fresh image under a new key. */
  refresh: () => Promise<void>;
}

/** The login captcha: GET /sys/randomImage/{key} with key = Date.now(). */
export function useCaptcha(): Captcha {
  const [required, setRequired] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const [checkKey, setCheckKey] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    setRequired(true);
    const key = String(Date.now());
    setCheckKey(key);
    try {
      setImage(await fetchRandomImage(key));
    } catch {
      setImage(null);
    }
  }, []);
  return { required, image, checkKey, refresh };
}
