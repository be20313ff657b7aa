package token

import "strings"

// Acronym reports whether w, written in capitals, is a word people write that way which is
// no token's ticker: an abbreviation ("CEO", "ATH", "DYOR"), a currency ("USD"), a trading
// word ("BUY", "PUMP"), an institution or a measure of the economy ("FED", "CPI") or a short
// English word shouted. Finding a token in a question and telling another token from this one
// in an answer both read tickers past these.
func Acronym(w string) bool { return acronyms[w] }

var acronyms = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`AI OK US USA UK EU UN UAE CEO CTO CFO COO FAQ API URL URI HTTP HTTPS JSON XML HTML CSS PDF CSV SQL
		DEX CEX NFT NFTS DYOR ATH ATL TVL FDV MC MCAP LP LPS KYC AML APY APR ETF ETFS SEC CFTC FCA IMO IMHO FOMO FUD ROI PNL P2P DM DMS
		TLDR TL DR NB PS AM PM UTC GMT EST PST CET ID IP OS PC TV VIP FYI ASAP BTW LOL OMG WTF GM GN WAGMI NGMI HODL REKT RUG SCAM
		TOKEN TOKENS COIN COINS CA TX TXN TXS ERC BEP SPL EVM L1 L2 DAO DEFI CEFI ICO IDO IEO TGE AMA KOL PR OTC IOU
		USD EUR GBP JPY CNY RMB VND BRL RUB TRY MXN ARS INR KRW AUD CAD CHF HKD SGD IDR PHP THB NGN ZAR
		YES NO OR AND THE IS IT IF OF TO IN ON AT BY FOR WITH WHAT WHY HOW WHO WHEN WHERE NOT BUT SO DO ME MY WE YOU
		CPU GPU RAM SSD USB SMS PIN OTP QR FIAT APP APPS SDK CLI UI UX RPC MEV AMM CLMM PDA OHLC OHLCV RSI MACD EMA SMA VWAP
		BUY SELL HOLD LONG SHORT PUMP DUMP MOON WARNING DANGER NOTE TODO UPDATE NEW HOT TOP
		FED FOMC CPI PPI PCE GDP NFP IRS DOJ FBI IMF ECB BOE BOJ PBOC NYSE NASDAQ`) {
		m[w] = true
	}
	return m
}()
