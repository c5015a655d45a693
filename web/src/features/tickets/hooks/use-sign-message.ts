import { useState } from 'react';

/** Where the sign-message toggle is kept in the browser (as Whaticket keeps it). */
export const SIGN_MESSAGE_STORAGE_KEY = 'signOption';

function readSignOption(): boolean {
  try {
    const stored = localStorage.getItem(SIGN_MESSAGE_STORAGE_KEY);
    return stored === null ? true : stored !== 'false';
  } catch {
    return true;
  }
}

/** The sign-message toggle: on by default, kept in the browser (spec 1 section 2, Message input). */
export function useSignMessage(): [boolean, (value: boolean) => void] {
  const [sign, setSign] = useState(readSignOption);
  function update(value: boolean) {
    setSign(value);
    try {
      localStorage.setItem(SIGN_MESSAGE_STORAGE_KEY, String(value));
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  }
  return [sign, update];
}

/** The text sent: signed with the user's name in bold (WhatsApp markup) when the toggle is on. */
export function composeMessageBody(text: string, sign: boolean, userName: string | undefined): string {
  const body = text.trim();
  return sign && userName ? `*${userName}:*\n${body}` : body;
}

/** A signed body's signature line ('*Name:*\n') and the text after it; an unsigned body has signature ''. */
export function splitSignature(body: string): { signature: string; text: string } {
  const match = /^(\*[^*\n]+:\*\n)([\s\S]*)$/.exec(body);
  return match ? { signature: match[1]!, text: match[2]! } : { signature: '', text: body };
}
