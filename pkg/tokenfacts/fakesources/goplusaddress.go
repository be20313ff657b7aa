package fakesources

import "net/http"

// goPlusAddress is /api/v1/address_security/{address}?chain_id=: {code, message, result} with
// the flags as "0"/"1" strings; an address GoPlus knows nothing of gets every flag "0".
func (s *Server) goPlusAddress(w http.ResponseWriter, r *http.Request) {
	addr := norm(r.PathValue("address"))
	s.count(GoPlusAddress, addr)
	result, ok := fixtures().goPlusAddress[r.URL.Query().Get("chain_id")][addr]
	if !ok {
		result = map[string]string{"data_source": "", "number_of_malicious_contracts_created": "0", "contract_address": "0", "phishing_activities": "0", "stealing_attack": "0"}
	}
	s.reply(w, r, GoPlus, http.StatusOK, map[string]any{"code": 1, "message": "ok", "result": result})
}
