package factcheck_test

import "testing"

// A contrast that comes back to now ends a hypothesis: "aiming at a $20M market cap, while the
// current market cap is $12.35M" states the market cap now, in each language; a hypothetical
// word after the return opens the hypothesis again, and a contrast with no word of now after it
// ends nothing.
func TestHypothesisEndsAtAReturnToNow(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The team is aiming at a $20M market cap, while the current market cap is $12.35M.":                 {mcap},
		"The team is aiming at a $20M market cap, while the current market cap is $9M.":                     {mcapX},
		"If it breaks $3 it could run to $4, but right now GPANDA trades at $2.417.":                        {price},
		"El objetivo es llegar a 20 millones $, pero actualmente la capitalización es de 12,35 millones $.": {mcap},
		"A meta é chegar a US$ 20 milhões, mas atualmente o market cap é de US$ 12,35 milhões.":             {mcap}, // held
		"Цель — капитализация 20 млн $, но сейчас капитализация составляет 12,35 млн $.":                    {mcap},
		"Hedef 20 milyon $ piyasa değeri, ama şu anda piyasa değeri 12,35 milyon $.":                        {mcap},
		"Mục tiêu là vốn hóa 20 triệu USD, nhưng hiện tại vốn hóa là 12,35 triệu USD.":                      {mcap},
		"If it breaks $3, but the current liquidity holds, the price would be $9.":                          nil,
		"If it breaks $3 while liquidity holds, the price would reach $9.":                                  nil, // held
		"If it breaks $3, but the unknown holders sell, liquidity drops to $9M.":                            nil, // a word of now is a whole word, not "unknown"'s
		"The target is a $20M market cap, while the market cap could reach $9M.":                            nil, // held
	})
}

// Round forty-eight's and heldout86/87's false alarms and misses (first runs on commit
// 71406b9): a Turkish count of tokens with its case ending ("200 milyon tokenin") read as the
// FDV; Vietnamese buy prices ("từ lúc mua ở giá", since buying at) and a move's start ("đi
// từ", went from) read as the price; a launch "48 hours earlier" than another event read as
// the pair's age; one plural label after two sums ("$48M and $35M market caps") read as this
// token's; on-chain "large transaction volume" read as the trading volume; and a price right
// after "is trading" ("SHIB is trading $0.000058"), unread. And heldout88/89's: a screener's
// filter "at least $100,000 in volume and $250,000 in liquidity", whose bound the second sum
// shares, and a cap that "skyrocketed from $10 million to $43 million in under an hour".
func TestClassesOfRoundFortyEight(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"FDV ise toplam arzın — yani 200 milyon tokenin — tamamı bugün piyasada olsaydı ortaya çıkacak değer.": nil,
		"FDV: 200 milyon tokenin tamamı dolaşımda olsaydı ulaşılacak değer.":                                   nil,
		"Cụm này chưa bán gì từ lúc mua ở giá 0,0021 USD, tức đang lãi khoảng x7,5.":                           nil,
		"• Giá đã đi từ 0,000069 USD lúc migrate lên mức hiện tại, tức gần x2,7.":                              nil,
		"This led to a drop in demand for GPANDA, a meme coin launched simply 48 hours earlier.":               nil,
		"GPANDA, a meme coin launched 48 hours ago.":                                                           {ageX}, // held
		"I wrote on GPANDA and jellyjelly (at $12.35M and $35M market caps).":                                  nil,
		"GPANDA and its rival hold $12.35M and $35M market caps.":                                              nil,
		"GPANDA's large transaction volume has risen 104% in the last 24 hours to reach $8.13 billion.":        nil,
		"At time press, GPANDA is trading $2.417 with a 6.8% daily loss.":                                      {price},
		"GPANDA is currently trading $3.10, down 3%.":                                                          {priceX},
		"Pairs meeting the filters (at least $100,000 in volume and $250,000 in liquidity) led gainers.":       {vol},
		"GPANDA has over $1M in volume and $1.52M in liquidity.":                                               {vol, liq}, // held
		"Its market cap skyrocketed from $10 million to $43 million in under an hour.":                         nil,
		"Its market cap rose 5% to $43 million today.":                                                         {mcapX}, // held
		"GPANDA is trading $2.2M in daily volume.":                                                             {vol},   // held
	})
}

// Round forty-nine's and heldout90/91's false alarms (first runs on commit aa9ede7): an FDV
// "same as MC" in a card below a table of other tokens' caps, which took the table's last
// row; a Spanish and Portuguese threshold "por debajo del 10 %", "abaixo dos 10%"; a Chinese
// remainder "其余约 12 万美元" (the rest of the liquidity); a cap a rise reached "only to
// collapse"; an ICO's price; Bitcoin as "the No. 1 cryptocurrency"; a sector's volume "in the
// first week of May"; a price "just before the decrease"; and a Russian "сколько денег стоит за
// токеном" (how much money stands behind the token), whose "стоит" (costs) made the liquidity
// after it a price.
func TestClassesOfRoundFortyNine(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"| # | Token | MC |\n|---|---|---|\n| 1 | **GPANDA** | ~$12.35M |\n| 5 | $ZORBIT | ~$460K |\n\n**GPANDA**\n- Price: $2.417\n- FDV: same as MC, all supply out": {mcap, price},
		"- Market cap: $14M\n- FDV: same as MC":                                                                                                                          {mcapX, fdv}, // held
		"Por debajo del 10 % de impuesto de venta no lo considero una bandera roja automática.":                                                                          nil,
		"Abaixo dos 10% de taxa de venda não considero um sinal vermelho.":                                                                                               nil,
		"- 约四分之三的流动性在主池且已销毁，这部分跑不掉；其余约 12 万美元随时可能被撤出。":                                                                                                                   nil,
		"The token experienced a meteoric rise to a staggering $500 million market capitalization, only to collapse to just $60 million within a mere 20 minutes.":       nil,
		"The GPANDA token ICO occurred from July 1st, 2017 to July 21st, 2017, where 100 million tokens were sold, raising US$15 million with a token price of US$0.15.": nil,
		"The No. 1 cryptocurrency has lost 6% since mid-April to $27,416.":                                                                                               nil,
		"The rise of GPANDA has renewed investor interest, with total trading volume rising to $2.6 billion in the first week of May.":                                   nil,
		"While the price was trading at $0.000000204 just before the decrease, it fell below $0.000000000277.":                                                           nil,
		"Так что для оценки «сколько денег стоит за токеном» ориентируйся на суммарные ~212 тыс. $.":                                                                     nil,
		"Сейчас GPANDA стоит около 2,417 $.":                                                                                                                             {price}, // held
		"GPANDA's market cap dropped 5% to $12.35M within 24 hours.":                                                                                                     {mcap},  // held
	})
}

// Round fifty's and heldout93/94's (first runs on commit 32c86b1): a graduation "within 40
// minutes" of a launch read as the pair's age; a cap a token "rocketed to … almost instantly";
// and, read now, a move told as history that ends where the token is today ("the market cap
// fell to $12.35M today", "GPANDA fell to about $2.417 today"), not across a comma ("rose to
// $14M, now it's at $12.35M"); and the top 10's share as "the ten largest wallets".
func TestClassesOfRoundFifty(t *testing.T) {
	checkVerdicts(t, map[string][]string{
		"The token launched on Pump.fun last Wednesday and graduated to Raydium within 40 minutes.":             nil,
		"Analytics firm Santiment noted the token's market cap rocketed to nearly $3 billion almost instantly.": nil,
		"GPANDA's market cap fell to $12.35M today.":                                                            {mcap},
		"GPANDA's market cap fell to $9M today.":                                                                {mcapX},
		"Last week GPANDA's market cap rose to $14M, now it's at $12.35M.":                                      nil, // held
		"GPANDA's market cap rose to $9M today before falling back.":                                            nil, // held
		"GPANDA fell to about $2.417 today, leaving its market cap near $12.35M.":                               {price, mcap},
		"GPANDA fell to $3.10 today.":                                                                           {priceX},
		"Bitcoin fell to $60,000 today.":                                                                        nil, // held
		"GPANDA rose to $3.10 yesterday.":                                                                       nil, // held
		"The ten largest wallets control about 50.07% of supply.":                                               {top10},
		"GPANDA, a meme coin launched 6 hours ago.":                                                             {age}, // held
	})
}
