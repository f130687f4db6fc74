--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: homescreen; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA homescreen;


--
-- Name: keepbudgetcurrency(); Type: FUNCTION; Schema: homescreen; Owner: -
--

CREATE FUNCTION homescreen.keepbudgetcurrency() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM homescreen.expense e WHERE to_char(e.day, 'YYYY-MM') = NEW.month AND e.currency <> NEW.currency) THEN
        RAISE EXCEPTION 'a budget must be in the currency of its month''s expenses' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;


--
-- Name: keepexpensecurrency(); Type: FUNCTION; Schema: homescreen; Owner: -
--

CREATE FUNCTION homescreen.keepexpensecurrency() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE expenseMonth text := to_char(NEW.day, 'YYYY-MM');
BEGIN
    IF NEW.currency IS NULL THEN
        NEW.currency := COALESCE(
            (SELECT currency FROM homescreen.budget b WHERE b.month = expenseMonth),
            (SELECT currency FROM homescreen.expense e WHERE e.id <> NEW.id AND to_char(e.day, 'YYYY-MM') = expenseMonth AND e.currency IS NOT NULL LIMIT 1),
            (SELECT currency FROM homescreen.budget b WHERE b.month <= expenseMonth ORDER BY b.month DESC LIMIT 1),
            (SELECT currency FROM homescreen.budget b ORDER BY b.month LIMIT 1), 'EUR');
    ELSIF EXISTS (SELECT 1 FROM homescreen.budget b WHERE b.month = expenseMonth AND b.currency <> NEW.currency)
       OR EXISTS (SELECT 1 FROM homescreen.expense e WHERE e.id <> NEW.id AND to_char(e.day, 'YYYY-MM') = expenseMonth AND e.currency <> NEW.currency) THEN
        RAISE EXCEPTION 'an expense must be in the currency of its month (its budget and its other expenses)' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;


--
-- Name: keepmonthtotal(); Type: FUNCTION; Schema: homescreen; Owner: -
--

CREATE FUNCTION homescreen.keepmonthtotal() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE homescreen.monthTotal SET spentCents = spentCents - OLD.amountCents, expenseCount = expenseCount - 1
        WHERE month = to_char(OLD.day, 'YYYY-MM');
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO homescreen.monthTotal (month, spentCents, expenseCount) VALUES (to_char(NEW.day, 'YYYY-MM'), NEW.amountCents, 1)
        ON CONFLICT (month) DO UPDATE SET spentCents = homescreen.monthTotal.spentCents + excluded.spentCents,
                                          expenseCount = homescreen.monthTotal.expenseCount + 1;
    END IF;
    RETURN NULL;
END $$;


--
-- Name: trackchange(); Type: FUNCTION; Schema: homescreen; Owner: -
--

CREATE FUNCTION homescreen.trackchange() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO homescreen.tableRevision (name, revision) VALUES (TG_ARGV[0], 1)
    ON CONFLICT (name) DO UPDATE SET revision = homescreen.tableRevision.revision + 1;
    PERFORM pg_notify('homescreen', TG_ARGV[0]);
    RETURN NULL;
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: budget; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.budget (
    month text NOT NULL,
    limitcents bigint NOT NULL,
    currency text NOT NULL,
    updatedat timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT budget_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT budget_limitcents_check CHECK (((limitcents >= 1) AND (limitcents <= '100000000000'::bigint))),
    CONSTRAINT budget_month_check CHECK (((month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'::text) AND ((month >= '1800-01'::text) AND (month <= '2199-12'::text))))
);


--
-- Name: card; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.card (
    id bigint NOT NULL,
    servercardid text,
    firstname text NOT NULL,
    lastname text NOT NULL,
    company text,
    title text,
    email text,
    phone text,
    active integer DEFAULT 1 NOT NULL,
    updatedat timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT card_active_check CHECK ((active = ANY (ARRAY[0, 1]))),
    CONSTRAINT card_company_check CHECK (((company IS NULL) OR (length(company) <= 100))),
    CONSTRAINT card_email_check CHECK (((email IS NULL) OR (length(email) <= 254))),
    CONSTRAINT card_firstname_check CHECK (((length(TRIM(BOTH FROM firstname)) > 0) AND (length(firstname) <= 100))),
    CONSTRAINT card_lastname_check CHECK (((length(TRIM(BOTH FROM lastname)) > 0) AND (length(lastname) <= 100))),
    CONSTRAINT card_phone_check CHECK (((phone IS NULL) OR (length(phone) <= 40))),
    CONSTRAINT card_servercardid_check CHECK (((servercardid IS NULL) OR ((length(TRIM(BOTH FROM servercardid)) > 0) AND (length(servercardid) <= 200)))),
    CONSTRAINT card_title_check CHECK (((title IS NULL) OR (length(title) <= 100)))
);


--
-- Name: card_id_seq; Type: SEQUENCE; Schema: homescreen; Owner: -
--

CREATE SEQUENCE homescreen.card_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: card_id_seq; Type: SEQUENCE OWNED BY; Schema: homescreen; Owner: -
--

ALTER SEQUENCE homescreen.card_id_seq OWNED BY homescreen.card.id;


--
-- Name: consumption; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.consumption (
    id bigint NOT NULL,
    productid bigint NOT NULL,
    amountmilli bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT consumption_amountmilli_check CHECK (((amountmilli >= 1) AND (amountmilli <= 1000000000)))
);


--
-- Name: consumption_id_seq; Type: SEQUENCE; Schema: homescreen; Owner: -
--

CREATE SEQUENCE homescreen.consumption_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: consumption_id_seq; Type: SEQUENCE OWNED BY; Schema: homescreen; Owner: -
--

ALTER SEQUENCE homescreen.consumption_id_seq OWNED BY homescreen.consumption.id;


--
-- Name: event; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.event (
    id bigint NOT NULL,
    uid text NOT NULL,
    title text NOT NULL,
    note text DEFAULT ''::text NOT NULL,
    lunarmonth integer,
    lunarday integer,
    lunarleap integer DEFAULT 0 NOT NULL,
    lunaryear integer,
    day date,
    "time" text,
    rule text DEFAULT ''::text NOT NULL,
    exdates text DEFAULT ''::text NOT NULL,
    createdat timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT event_check CHECK (((day IS NULL) = ((lunarmonth IS NOT NULL) AND (lunarday IS NOT NULL)))),
    CONSTRAINT event_check1 CHECK (((day IS NULL) OR ((lunarmonth IS NULL) AND (lunarday IS NULL) AND (lunarleap = 0) AND (lunaryear IS NULL)))),
    CONSTRAINT event_check2 CHECK (((day IS NOT NULL) OR (("time" IS NULL) AND (rule = ''::text) AND (exdates = ''::text)))),
    CONSTRAINT event_check3 CHECK (((lunarleap = 0) OR (lunaryear IS NOT NULL))),
    CONSTRAINT event_day_check CHECK (((day >= '1800-01-01'::date) AND (day <= '2199-12-31'::date))),
    CONSTRAINT event_exdates_check CHECK ((length(exdates) <= 20000)),
    CONSTRAINT event_lunarday_check CHECK (((lunarday >= 1) AND (lunarday <= 30))),
    CONSTRAINT event_lunarleap_check CHECK ((lunarleap = ANY (ARRAY[0, 1]))),
    CONSTRAINT event_lunarmonth_check CHECK (((lunarmonth >= 1) AND (lunarmonth <= 12))),
    CONSTRAINT event_lunaryear_check CHECK (((lunaryear >= 1800) AND (lunaryear <= 2199))),
    CONSTRAINT event_note_check CHECK ((length(note) <= 20000)),
    CONSTRAINT event_rule_check CHECK (((rule = ''::text) OR ((rule ~~ 'FREQ=%'::text) AND (length(rule) <= 500)))),
    CONSTRAINT event_time_check CHECK ((("time" IS NULL) OR ("time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'::text))),
    CONSTRAINT event_title_check CHECK (((length(TRIM(BOTH FROM title)) > 0) AND (length(title) <= 20000))),
    CONSTRAINT event_uid_check CHECK (((length(TRIM(BOTH FROM uid)) >= 1) AND (length(TRIM(BOTH FROM uid)) <= 255)))
);


--
-- Name: event_id_seq; Type: SEQUENCE; Schema: homescreen; Owner: -
--

CREATE SEQUENCE homescreen.event_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: event_id_seq; Type: SEQUENCE OWNED BY; Schema: homescreen; Owner: -
--

ALTER SEQUENCE homescreen.event_id_seq OWNED BY homescreen.event.id;


--
-- Name: expense; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.expense (
    id bigint NOT NULL,
    amountcents bigint NOT NULL,
    day date NOT NULL,
    note text DEFAULT ''::text NOT NULL,
    category text,
    createdat timestamp with time zone DEFAULT now() NOT NULL,
    currency text,
    CONSTRAINT expense_amountcents_check CHECK (((amountcents >= 1) AND (amountcents <= '100000000000'::bigint))),
    CONSTRAINT expense_category_check CHECK (((category IS NULL) OR (length(category) <= 80))),
    CONSTRAINT expense_currency_check CHECK (((currency IS NULL) OR (currency ~ '^[A-Z]{3}$'::text))),
    CONSTRAINT expense_day_check CHECK (((day >= '1800-01-01'::date) AND (day <= '2199-12-31'::date))),
    CONSTRAINT expense_note_check CHECK ((length(note) <= 200))
);


--
-- Name: expense_id_seq; Type: SEQUENCE; Schema: homescreen; Owner: -
--

CREATE SEQUENCE homescreen.expense_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: expense_id_seq; Type: SEQUENCE OWNED BY; Schema: homescreen; Owner: -
--

ALTER SEQUENCE homescreen.expense_id_seq OWNED BY homescreen.expense.id;


--
-- Name: identity; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.identity (
    singleton integer NOT NULL,
    applicationid integer NOT NULL,
    version integer NOT NULL,
    CONSTRAINT identity_singleton_check CHECK ((singleton = 1))
);


--
-- Name: monthtotal; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.monthtotal (
    month text NOT NULL,
    spentcents bigint NOT NULL,
    expensecount bigint NOT NULL
);


--
-- Name: product; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.product (
    id bigint NOT NULL,
    name text NOT NULL,
    amountmilli bigint NOT NULL,
    unit text DEFAULT ''::text NOT NULL,
    due date NOT NULL,
    createdat timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT product_amountmilli_check CHECK (((amountmilli >= 0) AND (amountmilli <= 1000000000))),
    CONSTRAINT product_due_check CHECK (((due >= '1800-01-01'::date) AND (due <= '2199-12-31'::date))),
    CONSTRAINT product_name_check CHECK (((length(TRIM(BOTH FROM name)) > 0) AND (length(name) <= 200))),
    CONSTRAINT product_unit_check CHECK ((length(unit) <= 20))
);


--
-- Name: product_id_seq; Type: SEQUENCE; Schema: homescreen; Owner: -
--

CREATE SEQUENCE homescreen.product_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: product_id_seq; Type: SEQUENCE OWNED BY; Schema: homescreen; Owner: -
--

ALTER SEQUENCE homescreen.product_id_seq OWNED BY homescreen.product.id;


--
-- Name: publishedsnapshot; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.publishedsnapshot (
    kind text NOT NULL,
    json jsonb NOT NULL,
    publishedat timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT publishedsnapshot_json_check CHECK ((octet_length((json)::text) <= 65536)),
    CONSTRAINT publishedsnapshot_kind_check CHECK (((length(kind) >= 1) AND (length(kind) <= 40)))
);


--
-- Name: selectedcard; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.selectedcard (
    singleton integer NOT NULL,
    cardid bigint NOT NULL,
    CONSTRAINT selectedcard_singleton_check CHECK ((singleton = 1))
);


--
-- Name: tablerevision; Type: TABLE; Schema: homescreen; Owner: -
--

CREATE TABLE homescreen.tablerevision (
    name text NOT NULL,
    revision bigint DEFAULT 0 NOT NULL
);


--
-- Name: card id; Type: DEFAULT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.card ALTER COLUMN id SET DEFAULT nextval('homescreen.card_id_seq'::regclass);


--
-- Name: consumption id; Type: DEFAULT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.consumption ALTER COLUMN id SET DEFAULT nextval('homescreen.consumption_id_seq'::regclass);


--
-- Name: event id; Type: DEFAULT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.event ALTER COLUMN id SET DEFAULT nextval('homescreen.event_id_seq'::regclass);


--
-- Name: expense id; Type: DEFAULT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.expense ALTER COLUMN id SET DEFAULT nextval('homescreen.expense_id_seq'::regclass);


--
-- Name: product id; Type: DEFAULT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.product ALTER COLUMN id SET DEFAULT nextval('homescreen.product_id_seq'::regclass);


--
-- Data for Name: budget; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.budget (month, limitcents, currency, updatedat) FROM stdin;
2026-03	300000	CHF	2026-11-25 03:57:16.017919+00
2026-04	300000	CHF	2026-11-25 03:57:16.017919+00
2026-05	300000	CHF	2026-11-25 03:57:16.017919+00
2026-06	300000	CHF	2026-11-25 03:57:16.017919+00
2026-07	300000	CHF	2026-11-25 03:57:16.017919+00
2026-08	300000	CHF	2026-11-25 03:57:16.017919+00
2026-09	300000	CHF	2026-11-25 03:57:16.017919+00
2026-10	300000	CHF	2026-11-25 03:57:16.017919+00
2026-11	300000	CHF	2026-11-25 03:57:16.017919+00
2026-12	350000	CHF	2026-11-25 03:57:16.017919+00
\.


--
-- Data for Name: card; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.card (id, servercardid, firstname, lastname, company, title, email, phone, active, updatedat) FROM stdin;
1	4821	Lan	Nguyen	Saigon Coffee Roasters	Founder	lan@example.com	+84 28 3822 1234	1	2026-11-25 03:57:16.017919+00
2	\N	Thu Hương	Nguyễn	Công ty Đông Á	Giám đốc	huong@example.vn	\N	1	2026-11-25 03:57:16.017919+00
3	7340	Marco	Rossi	Rossi & Figli	Sales	\N	\N	0	2026-11-25 03:57:16.017919+00
\.


--
-- Data for Name: consumption; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.consumption (id, productid, amountmilli, at) FROM stdin;
1	1	1000	2026-11-25 03:57:16.287988+00
\.


--
-- Data for Name: event; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.event (id, uid, title, note, lunarmonth, lunarday, lunarleap, lunaryear, day, "time", rule, exdates, createdat) FROM stdin;
1	197022af-bd01-46b2-b0b2-d13a865b6da9@homescreen	Giỗ ông nội		10	20	0	\N	\N	\N			2026-11-25 03:57:16.017919+00
2	5d321c1a-68f6-42d8-949c-66a265a32c15@homescreen	Sinh nhật Lan		\N	\N	0	\N	2026-12-07	\N	FREQ=YEARLY		2026-11-25 03:57:16.017919+00
3	fixture-1@example	Sinterklaas – 🎁		\N	\N	0	\N	2026-12-05	\N	FREQ=YEARLY		2026-11-25 03:57:16.369395+00
\.


--
-- Data for Name: expense; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.expense (id, amountcents, day, note, category, createdat, currency) FROM stdin;
1	595	2026-03-01	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
2	3460	2026-03-01	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
3	1655	2026-03-02	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
4	9230	2026-03-03	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
5	6225	2026-03-03	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
6	2900	2026-03-03	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
7	555	2026-03-04	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
8	1360	2026-03-04	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
9	5235	2026-03-05	Migros	food	2026-11-25 03:57:16.017919+00	CHF
10	1955	2026-03-05	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
11	2900	2026-03-05	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
12	2170	2026-03-06	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
13	3355	2026-03-06	Migros	food	2026-11-25 03:57:16.017919+00	CHF
14	510	2026-03-06	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
15	1100	2026-03-07	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
16	6135	2026-03-07	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
17	5410	2026-03-07	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
18	1215	2026-03-08	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
19	395	2026-03-08	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
20	3320	2026-03-09	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
21	4335	2026-03-09	Migros	food	2026-11-25 03:57:16.017919+00	CHF
22	960	2026-03-10	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
23	2900	2026-03-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
24	12575	2026-03-10	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
25	3585	2026-03-11	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
26	3830	2026-03-12	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
27	810	2026-03-12	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
28	3025	2026-03-12	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
29	9650	2026-03-13	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
30	1155	2026-03-14	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
31	1245	2026-03-15	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
32	2960	2026-03-15	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
33	540	2026-03-16	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
34	365	2026-03-17	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
35	510	2026-03-18	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
36	855	2026-03-18	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
37	4170	2026-03-19	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
38	4230	2026-03-19	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
39	810	2026-03-20	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
40	8425	2026-03-20	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
41	885	2026-03-21	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
42	2165	2026-03-21	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
43	8325	2026-03-22	Migros	food	2026-11-25 03:57:16.017919+00	CHF
44	13600	2026-03-22	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
45	5850	2026-03-23	Migros	food	2026-11-25 03:57:16.017919+00	CHF
46	1605	2026-03-24	Migros	food	2026-11-25 03:57:16.017919+00	CHF
47	4595	2026-03-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
48	2345	2026-03-25	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
49	2900	2026-03-26	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
50	1235	2026-03-26	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
51	440	2026-03-26	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
52	2080	2026-03-27	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
53	965	2026-03-27	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
54	2900	2026-03-28	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
55	530	2026-03-28	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
56	2900	2026-03-28	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
57	495	2026-03-29	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
58	4595	2026-03-29	Migros	food	2026-11-25 03:57:16.017919+00	CHF
59	510	2026-03-30	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
60	2900	2026-03-31	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
61	375	2026-04-01	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
62	7215	2026-04-01	Migros	food	2026-11-25 03:57:16.017919+00	CHF
63	600	2026-04-01	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
64	3195	2026-04-02	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
65	1320	2026-04-02	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
66	2365	2026-04-02	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
67	3050	2026-04-03	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
68	1280	2026-04-04	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
69	2210	2026-04-04	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
70	3875	2026-04-04	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
71	3425	2026-04-05	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
72	4660	2026-04-06	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
73	3265	2026-04-06	Migros	food	2026-11-25 03:57:16.017919+00	CHF
74	1195	2026-04-07	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
75	2945	2026-04-07	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
76	2900	2026-04-08	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
77	2900	2026-04-08	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
78	950	2026-04-09	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
79	3710	2026-04-10	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
80	2900	2026-04-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
81	3700	2026-04-11	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
82	7010	2026-04-12	Migros	food	2026-11-25 03:57:16.017919+00	CHF
83	2595	2026-04-13	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
84	640	2026-04-13	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
85	3855	2026-04-13	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
86	10395	2026-04-14	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
87	1130	2026-04-14	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
88	7210	2026-04-15	Migros	food	2026-11-25 03:57:16.017919+00	CHF
89	2555	2026-04-15	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
90	2185	2026-04-16	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
91	3920	2026-04-16	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
92	2570	2026-04-17	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
93	6075	2026-04-18	Migros	food	2026-11-25 03:57:16.017919+00	CHF
94	13005	2026-04-18	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
95	3570	2026-04-19	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
96	1055	2026-04-20	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
97	2700	2026-04-21	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
98	1575	2026-04-22	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
99	2660	2026-04-22	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
100	2900	2026-04-23	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
101	6705	2026-04-24	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
102	8940	2026-04-24	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
103	2785	2026-04-24	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
104	1095	2026-04-25	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
105	415	2026-04-25	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
106	5270	2026-04-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
107	6960	2026-04-26	Migros	food	2026-11-25 03:57:16.017919+00	CHF
108	2585	2026-04-26	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
109	2900	2026-04-27	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
110	1255	2026-04-28	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
111	2395	2026-04-28	Migros	food	2026-11-25 03:57:16.017919+00	CHF
112	3135	2026-04-29	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
113	2535	2026-04-29	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
114	2765	2026-04-29	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
115	3580	2026-04-30	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
116	4205	2026-04-30	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
117	10930	2026-04-30	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
118	11155	2026-05-01	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
119	1025	2026-05-01	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
120	11435	2026-05-01	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
121	2370	2026-05-02	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
122	990	2026-05-02	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
123	8935	2026-05-03	Migros	food	2026-11-25 03:57:16.017919+00	CHF
124	2900	2026-05-03	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
125	2695	2026-05-03	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
126	555	2026-05-04	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
127	7840	2026-05-04	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
128	1105	2026-05-05	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
129	10470	2026-05-05	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
130	4675	2026-05-05	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
131	2995	2026-05-06	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
132	5790	2026-05-06	Migros	food	2026-11-25 03:57:16.017919+00	CHF
133	6665	2026-05-07	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
134	630	2026-05-08	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
135	6335	2026-05-08	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
136	1320	2026-05-09	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
137	1980	2026-05-10	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
138	8485	2026-05-10	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
139	475	2026-05-10	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
140	3325	2026-05-11	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
141	7775	2026-05-12	Migros	food	2026-11-25 03:57:16.017919+00	CHF
142	370	2026-05-12	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
143	800	2026-05-12	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
144	2080	2026-05-13	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
145	5255	2026-05-13	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
146	2415	2026-05-13	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
147	7005	2026-05-14	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
148	645	2026-05-15	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
149	2545	2026-05-15	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
150	1375	2026-05-15	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
151	2900	2026-05-16	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
152	4490	2026-05-17	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
153	5160	2026-05-17	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
154	395	2026-05-17	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
155	2900	2026-05-18	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
156	4680	2026-05-18	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
157	4950	2026-05-18	Migros	food	2026-11-25 03:57:16.017919+00	CHF
158	8395	2026-05-19	Migros	food	2026-11-25 03:57:16.017919+00	CHF
159	10650	2026-05-20	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
160	1525	2026-05-20	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
161	3495	2026-05-21	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
162	4040	2026-05-21	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
163	2220	2026-05-21	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
164	2070	2026-05-22	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
165	5605	2026-05-23	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
166	2960	2026-05-23	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
167	3085	2026-05-24	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
168	2170	2026-05-25	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
169	855	2026-05-26	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
170	2425	2026-05-26	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
171	3670	2026-05-26	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
172	1025	2026-05-27	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
173	4615	2026-05-27	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
174	3855	2026-05-28	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
175	5150	2026-05-29	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
176	9000	2026-05-29	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
177	7025	2026-05-30	Migros	food	2026-11-25 03:57:16.017919+00	CHF
178	3430	2026-05-31	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
179	11145	2026-05-31	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
180	3135	2026-06-01	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
181	11905	2026-06-01	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
182	7690	2026-06-01	Migros	food	2026-11-25 03:57:16.017919+00	CHF
183	1325	2026-06-02	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
184	1045	2026-06-02	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
185	1915	2026-06-03	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
186	4355	2026-06-04	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
187	3985	2026-06-04	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
188	625	2026-06-04	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
189	3575	2026-06-05	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
190	1185	2026-06-06	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
191	2900	2026-06-07	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
192	2350	2026-06-07	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
193	1760	2026-06-08	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
194	2620	2026-06-09	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
195	4680	2026-06-09	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
196	3100	2026-06-10	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
197	3455	2026-06-10	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
198	440	2026-06-11	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
199	4765	2026-06-11	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
200	2780	2026-06-12	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
201	3620	2026-06-13	Migros	food	2026-11-25 03:57:16.017919+00	CHF
202	415	2026-06-13	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
203	990	2026-06-13	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
204	8940	2026-06-14	Migros	food	2026-11-25 03:57:16.017919+00	CHF
205	615	2026-06-15	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
206	8580	2026-06-15	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
207	12550	2026-06-16	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
208	9700	2026-06-16	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
209	2900	2026-06-17	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
210	4405	2026-06-17	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
211	6475	2026-06-17	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
212	11020	2026-06-18	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
213	2165	2026-06-19	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
214	620	2026-06-19	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
215	4010	2026-06-20	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
216	2900	2026-06-20	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
217	2695	2026-06-21	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
218	2020	2026-06-21	Migros	food	2026-11-25 03:57:16.017919+00	CHF
219	820	2026-06-21	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
220	2900	2026-06-22	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
221	1075	2026-06-22	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
222	3900	2026-06-23	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
223	610	2026-06-23	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
224	1020	2026-06-24	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
225	7850	2026-06-24	Migros	food	2026-11-25 03:57:16.017919+00	CHF
226	6780	2026-06-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
227	3970	2026-06-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
228	555	2026-06-26	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
229	1620	2026-06-26	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
230	540	2026-06-26	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
231	3820	2026-06-27	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
232	465	2026-06-27	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
233	2115	2026-06-27	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
234	1480	2026-06-28	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
235	4390	2026-06-28	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
236	5190	2026-06-29	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
237	6565	2026-06-30	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
238	580	2026-06-30	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
239	4325	2026-07-01	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
240	3375	2026-07-01	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
241	2455	2026-07-01	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
242	2900	2026-07-02	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
243	3120	2026-07-03	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
244	10375	2026-07-03	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
245	3055	2026-07-03	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
246	3255	2026-07-04	Migros	food	2026-11-25 03:57:16.017919+00	CHF
247	5690	2026-07-04	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
248	2660	2026-07-04	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
249	1840	2026-07-05	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
250	870	2026-07-05	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
251	6725	2026-07-06	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
252	8285	2026-07-06	Migros	food	2026-11-25 03:57:16.017919+00	CHF
253	8650	2026-07-06	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
254	4020	2026-07-07	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
255	3205	2026-07-08	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
256	3515	2026-07-09	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
257	2750	2026-07-10	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
258	2900	2026-07-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
259	6015	2026-07-10	Migros	food	2026-11-25 03:57:16.017919+00	CHF
260	1165	2026-07-11	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
261	10780	2026-07-11	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
262	3070	2026-07-12	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
263	1410	2026-07-12	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
264	640	2026-07-13	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
265	820	2026-07-14	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
266	1520	2026-07-14	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
267	12845	2026-07-14	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
268	189000	2026-07-14	Car repair	transport	2026-11-25 03:57:16.017919+00	CHF
269	3060	2026-07-15	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
270	2760	2026-07-15	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
271	2900	2026-07-15	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
272	2230	2026-07-16	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
273	1055	2026-07-16	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
274	1785	2026-07-17	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
275	11545	2026-07-17	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
276	2795	2026-07-18	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
277	2025	2026-07-18	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
278	2900	2026-07-19	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
279	2900	2026-07-19	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
280	1365	2026-07-19	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
281	4195	2026-07-20	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
282	425	2026-07-21	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
283	1185	2026-07-21	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
284	1940	2026-07-21	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
285	3115	2026-07-22	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
286	410	2026-07-23	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
287	4220	2026-07-23	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
288	7255	2026-07-23	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
289	1895	2026-07-24	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
290	2065	2026-07-24	Migros	food	2026-11-25 03:57:16.017919+00	CHF
291	565	2026-07-24	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
292	1100	2026-07-25	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
293	13035	2026-07-25	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
294	1400	2026-07-25	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
295	3010	2026-07-26	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
296	445	2026-07-26	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
297	1230	2026-07-27	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
298	2460	2026-07-28	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
299	5990	2026-07-29	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
300	3060	2026-07-29	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
301	6255	2026-07-29	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
302	350	2026-07-30	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
303	620	2026-07-31	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
304	4205	2026-07-31	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
305	2900	2026-08-01	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
306	6460	2026-08-01	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
307	3485	2026-08-01	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
308	3015	2026-08-02	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
309	10255	2026-08-02	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
310	5995	2026-08-03	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
311	2860	2026-08-03	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
312	460	2026-08-04	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
313	2900	2026-08-04	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
314	380	2026-08-05	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
315	970	2026-08-05	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
316	8755	2026-08-06	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
317	2900	2026-08-06	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
318	13005	2026-08-06	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
319	3450	2026-08-07	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
320	1695	2026-08-08	Migros	food	2026-11-25 03:57:16.017919+00	CHF
321	575	2026-08-08	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
322	10355	2026-08-09	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
323	2900	2026-08-09	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
324	460	2026-08-10	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
325	2900	2026-08-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
326	3895	2026-08-10	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
327	4725	2026-08-11	Migros	food	2026-11-25 03:57:16.017919+00	CHF
328	2060	2026-08-11	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
329	5495	2026-08-12	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
330	2900	2026-08-13	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
331	2900	2026-08-13	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
332	2560	2026-08-14	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
333	9315	2026-08-15	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
334	2660	2026-08-15	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
335	7155	2026-08-16	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
336	2945	2026-08-17	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
337	5765	2026-08-18	Migros	food	2026-11-25 03:57:16.017919+00	CHF
338	1955	2026-08-19	Migros	food	2026-11-25 03:57:16.017919+00	CHF
339	2145	2026-08-20	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
340	1160	2026-08-21	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
341	1520	2026-08-21	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
342	2900	2026-08-21	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
343	355	2026-08-22	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
344	1770	2026-08-23	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
345	4790	2026-08-23	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
346	1260	2026-08-23	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
347	4175	2026-08-24	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
348	430	2026-08-24	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
349	615	2026-08-24	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
350	9590	2026-08-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
351	1690	2026-08-25	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
352	3020	2026-08-25	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
353	2900	2026-08-26	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
354	1115	2026-08-26	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
355	530	2026-08-26	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
356	850	2026-08-27	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
357	625	2026-08-27	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
358	3160	2026-08-28	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
359	3360	2026-08-28	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
360	11955	2026-08-28	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
361	1945	2026-08-29	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
362	1175	2026-08-29	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
363	7920	2026-08-29	Migros	food	2026-11-25 03:57:16.017919+00	CHF
364	1405	2026-08-30	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
365	4125	2026-08-30	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
366	2900	2026-08-31	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
367	2075	2026-09-01	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
368	2385	2026-09-01	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
369	11475	2026-09-02	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
370	1760	2026-09-02	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
371	380	2026-09-02	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
372	1660	2026-09-03	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
373	12925	2026-09-03	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
374	1195	2026-09-03	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
375	7145	2026-09-04	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
376	630	2026-09-05	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
377	3765	2026-09-05	Migros	food	2026-11-25 03:57:16.017919+00	CHF
378	3660	2026-09-05	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
379	945	2026-09-06	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
380	1770	2026-09-07	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
381	5190	2026-09-07	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
382	2005	2026-09-08	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
383	3730	2026-09-09	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
384	1180	2026-09-09	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
385	1065	2026-09-09	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
386	9245	2026-09-10	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
387	630	2026-09-11	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
388	2900	2026-09-11	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
389	11005	2026-09-12	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
390	605	2026-09-12	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
391	2570	2026-09-12	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
392	3520	2026-09-13	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
393	1410	2026-09-14	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
394	450	2026-09-15	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
395	2350	2026-09-16	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
396	2055	2026-09-16	Migros	food	2026-11-25 03:57:16.017919+00	CHF
397	3085	2026-09-16	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
398	3940	2026-09-17	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
399	2900	2026-09-17	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
400	13810	2026-09-18	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
401	1870	2026-09-19	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
402	4485	2026-09-20	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
403	2900	2026-09-20	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
404	2655	2026-09-20	Migros	food	2026-11-25 03:57:16.017919+00	CHF
405	2940	2026-09-21	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
406	11660	2026-09-22	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
407	2900	2026-09-23	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
408	2765	2026-09-23	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
409	2900	2026-09-23	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
410	7305	2026-09-24	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
411	8350	2026-09-25	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
412	3860	2026-09-25	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
413	4135	2026-09-25	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
414	5065	2026-09-26	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
415	9160	2026-09-27	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
416	2900	2026-09-27	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
417	1765	2026-09-27	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
418	3200	2026-09-28	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
419	1335	2026-09-28	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
420	1370	2026-09-28	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
421	530	2026-09-29	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
422	6750	2026-09-29	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
423	3775	2026-09-29	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
424	2710	2026-09-30	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
425	5030	2026-10-01	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
426	9250	2026-10-01	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
427	10045	2026-10-01	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
428	910	2026-10-02	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
429	12830	2026-10-02	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
430	9630	2026-10-02	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
431	1315	2026-10-03	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
432	6195	2026-10-03	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
433	2365	2026-10-04	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
434	5040	2026-10-04	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
435	4990	2026-10-05	Migros	food	2026-11-25 03:57:16.017919+00	CHF
436	6255	2026-10-05	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
437	2790	2026-10-06	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
438	2900	2026-10-07	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
439	2975	2026-10-07	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
440	4510	2026-10-08	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
441	2225	2026-10-08	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
442	4350	2026-10-09	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
443	4380	2026-10-09	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
444	470	2026-10-10	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
445	3555	2026-10-10	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
446	1415	2026-10-10	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
447	575	2026-10-11	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
448	5280	2026-10-11	Migros	food	2026-11-25 03:57:16.017919+00	CHF
449	450	2026-10-12	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
450	7740	2026-10-12	Migros	food	2026-11-25 03:57:16.017919+00	CHF
451	1395	2026-10-13	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
452	1215	2026-10-13	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
453	12405	2026-10-13	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
454	2900	2026-10-14	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
455	7940	2026-10-14	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
456	455	2026-10-15	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
457	1330	2026-10-15	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
458	10015	2026-10-16	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
459	7410	2026-10-16	Migros	food	2026-11-25 03:57:16.017919+00	CHF
460	2700	2026-10-16	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
461	3105	2026-10-17	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
462	1290	2026-10-17	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
463	3575	2026-10-18	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
464	4490	2026-10-18	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
465	11060	2026-10-18	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
466	510	2026-10-19	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
467	3905	2026-10-19	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
468	4550	2026-10-19	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
469	10430	2026-10-20	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
470	11830	2026-10-21	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
471	2900	2026-10-21	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
472	2550	2026-10-22	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
473	13935	2026-10-22	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
474	4635	2026-10-23	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
475	960	2026-10-23	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
476	8120	2026-10-24	Migros	food	2026-11-25 03:57:16.017919+00	CHF
477	2900	2026-10-25	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
478	5320	2026-10-25	Migros	food	2026-11-25 03:57:16.017919+00	CHF
479	1395	2026-10-26	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
480	3140	2026-10-26	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
481	4150	2026-10-26	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
482	3980	2026-10-27	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
483	2900	2026-10-27	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
484	1415	2026-10-27	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
485	1395	2026-10-28	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
486	9690	2026-10-29	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
487	865	2026-10-30	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
488	8725	2026-10-30	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
489	825	2026-10-30	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
490	3470	2026-10-31	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
491	835	2026-11-01	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
492	3595	2026-11-02	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
493	5310	2026-11-02	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
494	450	2026-11-02	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
495	440	2026-11-03	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
496	390	2026-11-03	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
497	5800	2026-11-03	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
498	2900	2026-11-04	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
499	3950	2026-11-05	Migros	food	2026-11-25 03:57:16.017919+00	CHF
500	12345	2026-11-05	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
501	1355	2026-11-06	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
502	3000	2026-11-06	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
503	4030	2026-11-06	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
504	3900	2026-11-07	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
505	2900	2026-11-07	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
506	6275	2026-11-08	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
507	610	2026-11-08	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
508	1935	2026-11-09	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
509	2620	2026-11-10	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
510	2900	2026-11-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
511	2900	2026-11-10	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
512	2860	2026-11-11	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
513	3305	2026-11-12	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
514	7195	2026-11-12	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
515	1210	2026-11-13	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
516	945	2026-11-14	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
517	1990	2026-11-15	Migros	food	2026-11-25 03:57:16.017919+00	CHF
518	2645	2026-11-15	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
519	630	2026-11-15	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
520	925	2026-11-16	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
521	2555	2026-11-16	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
522	1155	2026-11-17	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
523	2365	2026-11-17	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
524	1765	2026-11-18	Cinema	leisure	2026-11-25 03:57:16.017919+00	CHF
525	2900	2026-11-19	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
526	6450	2026-11-19	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
527	2210	2026-11-19	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
528	925	2026-11-20	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
529	6790	2026-11-20	Migros	food	2026-11-25 03:57:16.017919+00	CHF
530	2900	2026-11-20	Phone bill	home	2026-11-25 03:57:16.017919+00	CHF
531	1140	2026-11-21	Bánh mì	food	2026-11-25 03:57:16.017919+00	CHF
532	480	2026-11-21	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
533	2115	2026-11-21	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
534	5280	2026-11-22	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
535	1950	2026-11-22	Train ticket	transport	2026-11-25 03:57:16.017919+00	CHF
536	3250	2026-11-22	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
537	4800	2026-11-23	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
538	350	2026-11-23	Coffee	food	2026-11-25 03:57:16.017919+00	CHF
539	2155	2026-11-23	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
540	2510	2026-11-24	Books	leisure	2026-11-25 03:57:16.017919+00	CHF
541	2115	2026-11-24	Pharmacy	health	2026-11-25 03:57:16.017919+00	CHF
542	5445	2026-11-24	Restaurant	food	2026-11-25 03:57:16.017919+00	CHF
543	2290	2026-11-25	Groceries	food	2026-11-25 03:57:16.017919+00	CHF
544	1235	2026-11-20	Café ☕ « test »	\N	2026-11-25 03:57:16.330033+00	CHF
\.


--
-- Data for Name: identity; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.identity (singleton, applicationid, version) FROM stdin;
1	1213156677	7
\.


--
-- Data for Name: monthtotal; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.monthtotal (month, spentcents, expensecount) FROM stdin;
2026-03	188435	60
2026-04	204095	57
2026-05	258300	62
2026-06	210455	59
2026-07	418985	66
2026-08	220390	62
2026-09	222700	58
2026-10	303250	66
2026-11	155275	54
\.


--
-- Data for Name: product; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.product (id, name, amountmilli, unit, due, createdat) FROM stdin;
2	Yogurt	4000	pcs	2026-11-24	2026-11-25 03:57:16.017919+00
3	Spinach	300	kg	2026-11-25	2026-11-25 03:57:16.017919+00
4	Chicken breast	2000	pcs	2026-11-26	2026-11-25 03:57:16.017919+00
5	Crème fraîche	1000	cup	2026-11-28	2026-11-25 03:57:16.017919+00
6	Mozzarella di bufala	2000	pcs	2026-11-30	2026-11-25 03:57:16.017919+00
7	Eggs	10000	pcs	2026-12-04	2026-11-25 03:57:16.017919+00
8	Nước mắm	500	l	2027-07-23	2026-11-25 03:57:16.017919+00
9	Tomatoes	6000	pcs	2026-12-02	2026-11-25 03:57:16.017919+00
10	Bread	1000	loaf	2026-11-29	2026-11-25 03:57:16.017919+00
11	Cheddar	250	kg	2026-12-16	2026-11-25 03:57:16.017919+00
12	Rice	2000	kg	2027-09-21	2026-11-25 03:57:16.017919+00
13	Pasta	3000	packs	2028-01-19	2026-11-25 03:57:16.017919+00
14	Coffee beans	1000	kg	2027-02-23	2026-11-25 03:57:16.017919+00
1	Milk	0	l	2026-11-23	2026-11-25 03:57:16.017919+00
\.


--
-- Data for Name: publishedsnapshot; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.publishedsnapshot (kind, json, publishedat) FROM stdin;
\.


--
-- Data for Name: selectedcard; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.selectedcard (singleton, cardid) FROM stdin;
\.


--
-- Data for Name: tablerevision; Type: TABLE DATA; Schema: homescreen; Owner: -
--

COPY homescreen.tablerevision (name, revision) FROM stdin;
product	15
budget	20
card	3
consumption	1
expense	544
event	3
\.


--
-- Name: card_id_seq; Type: SEQUENCE SET; Schema: homescreen; Owner: -
--

SELECT pg_catalog.setval('homescreen.card_id_seq', 3, true);


--
-- Name: consumption_id_seq; Type: SEQUENCE SET; Schema: homescreen; Owner: -
--

SELECT pg_catalog.setval('homescreen.consumption_id_seq', 1, true);


--
-- Name: event_id_seq; Type: SEQUENCE SET; Schema: homescreen; Owner: -
--

SELECT pg_catalog.setval('homescreen.event_id_seq', 3, true);


--
-- Name: expense_id_seq; Type: SEQUENCE SET; Schema: homescreen; Owner: -
--

SELECT pg_catalog.setval('homescreen.expense_id_seq', 544, true);


--
-- Name: product_id_seq; Type: SEQUENCE SET; Schema: homescreen; Owner: -
--

SELECT pg_catalog.setval('homescreen.product_id_seq', 14, true);


--
-- Name: budget budget_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.budget
    ADD CONSTRAINT budget_pkey PRIMARY KEY (month);


--
-- Name: card card_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.card
    ADD CONSTRAINT card_pkey PRIMARY KEY (id);


--
-- Name: consumption consumption_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.consumption
    ADD CONSTRAINT consumption_pkey PRIMARY KEY (id);


--
-- Name: event event_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.event
    ADD CONSTRAINT event_pkey PRIMARY KEY (id);


--
-- Name: event event_uid_key; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.event
    ADD CONSTRAINT event_uid_key UNIQUE (uid);


--
-- Name: expense expense_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.expense
    ADD CONSTRAINT expense_pkey PRIMARY KEY (id);


--
-- Name: identity identity_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.identity
    ADD CONSTRAINT identity_pkey PRIMARY KEY (singleton);


--
-- Name: monthtotal monthtotal_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.monthtotal
    ADD CONSTRAINT monthtotal_pkey PRIMARY KEY (month);


--
-- Name: product product_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.product
    ADD CONSTRAINT product_pkey PRIMARY KEY (id);


--
-- Name: publishedsnapshot publishedsnapshot_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.publishedsnapshot
    ADD CONSTRAINT publishedsnapshot_pkey PRIMARY KEY (kind);


--
-- Name: selectedcard selectedcard_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.selectedcard
    ADD CONSTRAINT selectedcard_pkey PRIMARY KEY (singleton);


--
-- Name: tablerevision tablerevision_pkey; Type: CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.tablerevision
    ADD CONSTRAINT tablerevision_pkey PRIMARY KEY (name);


--
-- Name: consumptionbyproduct; Type: INDEX; Schema: homescreen; Owner: -
--

CREATE INDEX consumptionbyproduct ON homescreen.consumption USING btree (productid);


--
-- Name: expensebyday; Type: INDEX; Schema: homescreen; Owner: -
--

CREATE INDEX expensebyday ON homescreen.expense USING btree (day, id);


--
-- Name: productinstockbydue; Type: INDEX; Schema: homescreen; Owner: -
--

CREATE INDEX productinstockbydue ON homescreen.product USING btree (due, name, id) WHERE (amountmilli > 0);


--
-- Name: budget budgetcurrency; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER budgetcurrency BEFORE INSERT OR UPDATE OF currency, month ON homescreen.budget FOR EACH ROW EXECUTE FUNCTION homescreen.keepbudgetcurrency();


--
-- Name: budget budgettracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER budgettracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.budget FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('budget');


--
-- Name: card cardtracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER cardtracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.card FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('card');


--
-- Name: consumption consumptiontracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER consumptiontracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.consumption FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('consumption');


--
-- Name: event eventtracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER eventtracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.event FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('event');


--
-- Name: expense expensecurrency; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER expensecurrency BEFORE INSERT OR UPDATE OF currency, day ON homescreen.expense FOR EACH ROW EXECUTE FUNCTION homescreen.keepexpensecurrency();


--
-- Name: expense expensemonthtotal; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER expensemonthtotal AFTER INSERT OR DELETE OR UPDATE OF amountcents, day ON homescreen.expense FOR EACH ROW EXECUTE FUNCTION homescreen.keepmonthtotal();


--
-- Name: expense expensetracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER expensetracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.expense FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('expense');


--
-- Name: product producttracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER producttracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.product FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('product');


--
-- Name: publishedsnapshot publishedsnapshottracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER publishedsnapshottracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.publishedsnapshot FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('publishedsnapshot');


--
-- Name: selectedcard selectedcardtracked; Type: TRIGGER; Schema: homescreen; Owner: -
--

CREATE TRIGGER selectedcardtracked AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON homescreen.selectedcard FOR EACH STATEMENT EXECUTE FUNCTION homescreen.trackchange('selectedcard');


--
-- Name: consumption consumption_productid_fkey; Type: FK CONSTRAINT; Schema: homescreen; Owner: -
--

ALTER TABLE ONLY homescreen.consumption
    ADD CONSTRAINT consumption_productid_fkey FOREIGN KEY (productid) REFERENCES homescreen.product(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


