-- A mail's Reply-To (issue 34): a contact-form message is mailed to the shop with the visitor's address to reply
-- to, never as its From. Erasure blanks it with the rest of the row. order_id holds the id of what the mail tells
-- about: an order, or a contact message.
alter table mail_outbox add column reply_to text;
