/** The note the shopper left with the basket, when there is one. */
export function ExtraOrderInfo({ note }: { note: string }) {
  if (!note.trim()) return null;
  return (
    <section className="mb-3" aria-labelledby="extra-info-heading" data-testid="extra-order-info">
      <h2 id="extra-info-heading" className="h6">
        Extra info about your order
      </h2>
      {note.split('\n').map((line, index) => (
        <p key={index} className="mb-0">
          {line}
        </p>
      ))}
    </section>
  );
}
