/**
 * Kitchen capacity (issue 37): each 15-minute window is a stream whose events are its places, taken by orders under
 * the manager's cap (window_order_cap) and given back. The order module's placing sequence takes a place as one
 * of its steps; this module knows nothing of orders. This file is the module's only door.
 */
export { CAPACITY_EVENT_SCHEMAS, CAPACITY_EVENT_TYPES, PLACE_RETURN_REASONS, kitchenWindowStream, type CapacityEvent, type PlaceReturnReason } from './events';
export { WindowFull, windowDecider, type WindowState } from './decider';
export { createKitchenWindows, type KitchenWindows, type WindowLoads } from './kitchen-windows';
