/**
 * An order's timeline (issue 40 item 1): every event of the order and of the streams it touched, as the
 * staff screen shows it (GET /api/orders/:orderId/timeline). The words come from the server
 * (modules/timeline/describe.ts); the web app only lays them out.
 */

/** Who made an event happen, from its metadata's actor. */
export type TimelineWhoKind = 'staff' | 'customer' | 'clock' | 'process';
export interface TimelineWho {
  kind: TimelineWhoKind;
  /** 'manager@example.com (manager)', 'The customer', 'The store clock', 'A process of the shop'. */
  label: string;
}

/** Another entry of the same timeline this one is tied to (the payment that paid it, the refund, the mail). */
export interface TimelineLink {
  id: string;
  label: string;
}

export interface TimelineEntry {
  /** The event's id (or, for a mail, the mail's id). */
  id: string;
  kind: 'event' | 'mail';
  /** The event's stream ('order-…', 'payment-…'); for a mail, 'mail'. */
  stream: string;
  type: string;
  /** ISO-8601 instant the command was decided (a mail: queued). */
  at: string;
  /** The same instant on London's calendar and 24-hour clock: '27/11/2026 19:05'. */
  time: string;
  who: TimelineWho;
  /** What changed, in plain words; never a personal field. */
  words: string;
  links: TimelineLink[];
  /** The event as stored (personal fields masked unless shown), for the disclosure. */
  raw: Record<string, unknown>;
}

export interface OrderTimeline {
  orderId: string;
  ref: string;
  /** 'masked': personal fields read as MASKED; 'shown': an admin after step-up sees them ("[erased]" once erased). */
  personal: 'masked' | 'shown';
  entries: TimelineEntry[];
}

/** What a personal field reads as on a timeline for those who may not see it. */
export const MASKED = '[hidden]';

/** An order found by its short reference (the one the kitchen sees), for the search that leads to its timeline. */
export interface OrderFound {
  orderId: string;
  ref: string;
  status: string;
  /** ISO-8601, or null for an order not yet submitted. */
  submittedAt: string | null;
}

/** A short reference as staff type it: the first eight hex digits of the order's id, any case. */
export const ORDER_REF_PATTERN = /^[0-9a-fA-F]{8}$/;

/** The staff page of an order's history, with the order it shows. */
export const orderHistoryPath = (orderId?: string) => (orderId ? `/takeaway-history?order=${encodeURIComponent(orderId)}` : '/takeaway-history');

/**
 * The stream browser's answers (issue 40 item 2; modules/timeline/stream-browser.ts): a category of streams (the
 * part of a stream's name before its first dash) and how much it holds.
 */
export interface StreamCategory {
  category: string;
  streams: number;
  events: number;
}

/** One stream of a category, with its size and its last event's time. */
export interface StreamSummary {
  stream: string;
  events: number;
  lastAt: string;
}

/** One page of a stream, personal fields masked. */
export interface StreamPage {
  stream: string;
  events: Array<{
    revision: number;
    position: string;
    type: string;
    at: string;
    time: string;
    data: unknown;
    metadata: { correlationId: string; causationId: string; actor: string; at: string };
  }>;
  /** The `from` of the next page, or null at the stream's end. */
  next: number | null;
}
