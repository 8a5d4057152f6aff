import { allergenStatement, type AllergenFacts } from '../../../../src/shared/allergens';
import { useShopSettings } from '../settings/useShopSettings';
import { telHref } from '../../../../src/shared/contact';

/**
 * The customer's line on a dish's allergens (allergenStatement). An undeclared dish's line is emphasised and
 * followed by the shop's number as a tel: link, unless `withPhone` is false (inside a button, where no link
 * may be; the link is then shown beside it).
 */
export function AllergenStatement({ facts, withPhone = true, testId = 'allergens' }: { facts: AllergenFacts; withPhone?: boolean; testId?: string }) {
  const { phone } = useShopSettings();
  const declared = facts.allergensDeclared;
  return (
    <span className={declared ? undefined : 'fw-semibold'} data-testid={testId} data-declared={declared}>
      {allergenStatement(facts)}
      {!declared && withPhone && phone && (
        <>
          . <a href={telHref(phone)}>Call {phone}</a>
        </>
      )}
    </span>
  );
}

/** Beside a list of choices, some of them undeclared: the shop's number to ask. */
export function AskUsNotice({ text }: { text: string }) {
  const { phone } = useShopSettings();
  return (
    <p className="small fw-semibold" data-testid="allergens-ask-us">
      {text}
      {phone && (
        <>
          . <a href={telHref(phone)}>Call {phone}</a>
        </>
      )}
    </p>
  );
}
